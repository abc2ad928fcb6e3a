import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A local SMTP server for the e-mail job tests (issue 22): speaks just enough SMTP for nodemailer (EHLO, MAIL,
 * RCPT, DATA, RSET, QUIT; no TLS, no AUTH) and keeps what it accepted. `refuse` answers the next N recipients
 * with a temporary failure (451), as a server that is briefly down would.
 */
export interface SmtpSink {
  port: number;
  received: { to: string[]; data: string }[];
  /** How many of the next messages to refuse. */
  refuse: number;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const sockets = new Set<Socket>();
  const sink: SmtpSink = {
    port: 0,
    received: [],
    refuse: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let inData = false;
    let data: string[] = [];
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink.localhost ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let at: number;
      while ((at = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            sink.received.push({ to, data: data.join('\r\n') });
            data = [];
            to = [];
            reply('250 2.0.0 Ok: queued');
          } else {
            data.push(line.startsWith('..') ? line.slice(1) : line);
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO') reply('250-sink.localhost\r\n250 8BITMIME');
        else if (command === 'HELO') reply('250 sink.localhost');
        else if (command === 'MAIL') reply('250 2.1.0 Ok');
        else if (command === 'RCPT') {
          if (sink.refuse > 0) {
            sink.refuse--;
            reply('451 4.3.0 Servico indisponivel, tente mais tarde');
          } else {
            to.push(line.replace(/^RCPT TO:\s*<?([^>]*)>?.*$/i, '$1'));
            reply('250 2.1.5 Ok');
          }
        } else if (command === 'DATA') {
          if (to.length === 0) reply('554 5.5.1 No valid recipients');
          else {
            inData = true;
            reply('354 End data with <CR><LF>.<CR><LF>');
          }
        } else if (command === 'RSET') {
          to = [];
          reply('250 2.0.0 Ok');
        } else if (command === 'NOOP') reply('250 2.0.0 Ok');
        else if (command === 'QUIT') {
          reply('221 2.0.0 Bye');
          socket.end();
        } else reply('502 5.5.2 Command not recognized');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.port = (server.address() as AddressInfo).port;
  return sink;
}
