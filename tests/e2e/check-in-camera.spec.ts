import { randomInt } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import { createEventoComVagas, expectAccessible, useSession, voucherPathFrom, waitForEmail } from './support';
import { CHROMIUM_PATH } from '../../playwright.config';

/**
 * Issue 20: the check-in's live camera, for real. Chromium's fake capture device plays a video file as the
 * camera; the file here is one frame holding a family's voucher QR code, so the scanner reads it from the
 * camera's stream as it would at the school's gate (jsQR on this Chromium: Linux has no BarcodeDetector).
 */

const tag = () => `${Date.now().toString(36)}${randomInt(1_000_000).toString(36)}`;

/** A Y4M video of one 640x480 frame: the QR code of `text`, black on white, centred (4:2:0, grey chroma). */
function qrVideo(text: string): Buffer {
  const W = 640;
  const H = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const scale = Math.floor(400 / (size + 8));
  const side = (size + 8) * scale;
  const x0 = Math.floor((W - side) / 2);
  const y0 = Math.floor((H - side) / 2);
  const luma = Buffer.alloc(W * H, 235);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!qr.modules.get(y, x)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const row = (y0 + (y + 4) * scale + dy) * W;
        luma.fill(16, row + x0 + (x + 4) * scale, row + x0 + (x + 5) * scale);
      }
    }
  }
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`),
    Buffer.from('FRAME\n'),
    luma,
    chroma,
  ]);
}

test("the school's user checks a family in by showing the voucher's QR code to the phone's camera", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await useSession(page, 'cliente');
  const escola = `Escola Câmera ${tag()}`;
  const eventoId = await createEventoComVagas(page, escola);
  const n = tag();
  const family = {
    eventoId,
    nomeAluno: `Aluno ${n} Câmera`,
    nomeResponsavel: `Responsável ${n}`,
    email: `camera.${n}@email.com.br`,
    telefone: '19987654321',
    consentimento: true,
  };
  const started = Date.now();
  expect((await page.request.post('/api/leads', { data: family })).status()).toBe(201);
  const token = voucherPathFrom(await waitForEmail(family.email, started, '/voucher/'))
    .split('/')
    .pop()!;

  // A browser whose camera shows the voucher.
  const dir = mkdtempSync(join(tmpdir(), 'camera-'));
  const video = join(dir, 'voucher.y4m');
  writeFileSync(video, qrVideo(`${baseURL}/voucher/${token}`));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 360, height: 740 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      permissions: ['camera'],
    });
    await context.addCookies(await page.context().cookies());
    const phone = await context.newPage();
    await phone.goto(`/eventos/${eventoId}/check-in`);
    await expect(phone.getByTestId('check-in-contagem')).toHaveText('0 presentes de 1 inscrito');

    await phone.getByRole('button', { name: 'Ler QR code com a câmera' }).click();
    await expect(phone.getByRole('button', { name: 'Fechar câmera' })).toBeVisible();
    await expect(phone.getByRole('status').filter({ hasText: `Presença registrada: ${family.nomeAluno}` })).toBeVisible(
      { timeout: 15_000 },
    );
    await expect(phone.getByTestId('check-in-contagem')).toHaveText('1 presente de 1 inscrito');
    await expectAccessible(phone);
    // The voucher held in front of the camera is read once: the count stays, no second answer is 'registrada'.
    await phone.waitForTimeout(1_500);
    await expect(phone.getByTestId('check-in-contagem')).toHaveText('1 presente de 1 inscrito');
    await phone.getByRole('button', { name: 'Fechar câmera' }).click();
    await expect(phone.getByRole('button', { name: 'Ler QR code com a câmera' })).toBeVisible();
  } finally {
    await browser.close();
  }
});
