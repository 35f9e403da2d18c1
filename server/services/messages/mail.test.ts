import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailMessage, SmtpMailSender } from './mail.ts';

/** The SMTP sender against a real SMTP server on this machine (the sandbox of a mail provider). */
describe('sending mail over SMTP', () => {
  const received: string[] = [];
  let refuse = false;
  let server: SMTPServer;
  let sender: SmtpMailSender;
  const message: MailMessage = {
    id: 'msg-1',
    to: 'dana@example.com',
    subject: 'Your order ABC123 is confirmed',
    text: 'Hello Dana',
    html: '<p>Hello Dana</p>',
    ics: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n',
  };

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(refuse ? Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }) : undefined);
      },
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    sender = new SmtpMailSender(`smtp://127.0.0.1:${port}`, 'Tickets <tickets@example.com>');
  });
  afterAll(async () => {
    sender?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the text, the HTML and the calendar file, from MAIL_FROM, with a stable message id', async () => {
    await sender.send(message);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail).toContain('Subject: Your order ABC123 is confirmed');
    expect(mail).toContain('From: Tickets <tickets@example.com>');
    expect(mail).toContain('Message-ID: <msg-1@tickets>');
    expect(mail).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/i);
    expect(mail).toContain('<p>Hello Dana</p>');
  });

  it('throws when the server refuses, so the queue retries', async () => {
    refuse = true;
    await expect(sender.send({ ...message, id: 'msg-2' })).rejects.toThrow(/mailbox unavailable/);
    refuse = false;
  });
});
