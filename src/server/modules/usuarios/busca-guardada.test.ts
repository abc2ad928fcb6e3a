import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditoriaItem } from '../../../shared/schemas/auditoria';
import type { SacUser } from '../../../shared/schemas/sac';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';

/**
 * ADR 138: a person's and a course's search text is stored on the row and written by PostgreSQL. What a user
 * notices: a search finds a name as it is now, whatever its accents and case, by any fragment of the name or the
 * e-mail, and no longer by the name it had.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const franqueador = () => as(ctx.app, 'franqueador');
const q = (text: string) => encodeURIComponent(text);
const sacEmails = async (text: string) =>
  (await franqueador().get(`/api/sac/users?q=${q(text)}`)).json<SacUser[]>().map((u) => u.email);
const usuariosEmails = async (text: string) =>
  (await franqueador().get(`/api/usuarios?q=${q(text)}`)).json<{ email: string }[]>().map((u) => u.email);
const trail = async (text: string) => (await franqueador().get(`/api/auditoria?q=${q(text)}`)).json<AuditoriaItem[]>();

describe('the stored search text of people and courses', () => {
  it('finds a person by the name they have now, without accents or case, and by a fragment of the e-mail', async () => {
    const micro = DEMO_ACCOUNTS.micro_franquia;
    const renamed = await as(ctx.app, 'micro_franquia').patch('/api/user/perfil', { nome: 'Conceição Zéfiro Araújo' });
    expect(renamed.statusCode).toBe(200);

    for (const text of ['conceicao zefiro', 'ZÉFIRO ARAUJO', 'Zefiro']) {
      expect(await sacEmails(text)).toEqual([micro]);
      expect(await usuariosEmails(text)).toEqual([micro]);
    }
    // The old name finds them no more; the e-mail does, in upper case too.
    expect(await sacEmails('Juliana')).not.toContain(micro);
    const fragment = micro.split('@')[0]!.toUpperCase();
    expect(await sacEmails(fragment)).toContain(micro);
    expect(await usuariosEmails(fragment)).toContain(micro);

    // The audit trail's 'who acted': the rename itself is found under the new name.
    const rows = await trail('zefiro araujo');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.usuario?.email === micro)).toBe(true);
    expect(await trail('Ninguém Zéfiro')).toEqual([]);
  });

  it('finds a course by its title as edited, without accents or case, for the school and the franqueador', async () => {
    const cliente = as(ctx.app, 'cliente');
    const [curso] = (await cliente.get('/api/cursos?pageSize=1')).json<{ id: string; titulo: string }[]>();
    const edited = await cliente.patch(`/api/cursos/${curso!.id}`, { titulo: 'Óptica Quântica Básica' });
    expect(edited.statusCode).toBe(200);
    const titles = async (text: string, caller = franqueador()) =>
      (await caller.get(`/api/cursos?q=${q(text)}`)).json<{ id: string; titulo: string }[]>();

    expect((await titles('optica quantica')).map((c) => c.id)).toEqual([curso!.id]);
    expect((await titles('optica quantica', cliente)).map((c) => c.id)).toEqual([curso!.id]);
    expect((await titles('QUÂNTICA BÁS')).map((c) => c.titulo)).toEqual(['Óptica Quântica Básica']);
    expect((await titles(curso!.titulo)).map((c) => c.id)).not.toContain(curso!.id);
  });
});
