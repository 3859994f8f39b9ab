import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client, registerUser, startMailCapture, tempDir, testConfig } from '../../test/helpers';
import { createTicket, pngImage, postMessage } from '../../test/tickets-helpers';
import { buildApp } from '../app';
import { openPglite } from '../db/client';
import { users } from '../db/schema/index';
import { backupEmbedded, restoreEmbedded } from './backup';

const tmp = () => tempDir('backup');

describe('embedded backup and restore', () => {
  it('restores into a new DATA_DIR with every ticket, message and file, and the server runs on it', async () => {
    const mail = await startMailCapture();
    const dataDir = tmp();
    const config = testConfig({ DATA_DIR: dataDir, SMTP_URL: mail.url });
    const app = await buildApp({ config });
    const { client } = await registerUser(app, mail, {
      username: 'kasia',
      email: 'kasia@example.com',
    });
    const created = await createTicket(client, {
      body: 'Zrzut ekranu w załączniku',
      files: [{ filename: 'ekran.png', data: await pngImage(), type: 'image/png' }],
    });
    const ticketId = created.json().id as number;
    await postMessage(client, ticketId, { body: 'Druga wiadomość' });
    const before = (await client.get(`/api/tickets/${ticketId}/messages`)).json().messages;
    const file = before[0].files[0] as { url: string };
    const original = (await client.get(file.url)).rawPayload;
    await app.close();

    const { folder, manifest } = await backupEmbedded({ dataDir, outDir: tmp() });
    expect(manifest.tables).toMatchObject({
      users: 1,
      tickets: 1,
      ticket_messages: 2,
      ticket_attachments: 1,
    });
    expect(manifest.uploads).toBe(2); // the image and its thumbnail
    expect(fs.existsSync(path.join(folder, 'database.tar.gz'))).toBe(true);

    const restoredDir = path.join(tmp(), 'nowy');
    await restoreEmbedded({ backupDir: folder, dataDir: restoredDir });
    const restored = await buildApp({
      config: testConfig({ DATA_DIR: restoredDir, SMTP_URL: mail.url }),
    });
    const again = new Client(restored);
    const login = await again.post('/api/auth/login', {
      identifier: 'kasia',
      password: 'Sekretne-Haslo-42',
    });
    expect(login.statusCode).toBe(200);
    const tickets = (await again.get('/api/tickets')).json().tickets;
    expect(tickets.map((t: { id: number }) => t.id)).toEqual([ticketId]);
    const after = (await again.get(`/api/tickets/${ticketId}/messages`)).json().messages;
    expect(after.map((m: { body: string }) => m.body)).toEqual(
      before.map((m: { body: string }) => m.body),
    );
    const download = await again.get(file.url);
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, original)).toBe(0);
    await restored.close();
    await mail.close();
  });

  it('refuses to back up while a server holds the DATA_DIR', async () => {
    const dataDir = tmp();
    const database = await openPglite(dataDir);
    try {
      // Same process, so fake another holder: the lock names our parent process.
      fs.writeFileSync(path.join(dataDir, 'db.lock'), String(process.ppid));
      await expect(backupEmbedded({ dataDir, outDir: tmp() })).rejects.toThrow(
        /in use by another process/,
      );
    } finally {
      fs.writeFileSync(path.join(dataDir, 'db.lock'), String(process.pid));
      await database.close();
    }
  });

  it('refuses to restore over existing data and leaves it untouched', async () => {
    const source = tmp();
    const database = await openPglite(source);
    await database.db.insert(users).values({
      username: 'ola',
      email: 'ola@example.com',
      passwordHash: 'x',
      emailVerifiedAt: new Date(),
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await database.close();
    const { folder } = await backupEmbedded({ dataDir: source, outDir: tmp() });
    await expect(restoreEmbedded({ backupDir: folder, dataDir: source })).rejects.toThrow(
      /already holds data/,
    );
    const reopened = await openPglite(source);
    expect(await reopened.db.select().from(users)).toHaveLength(1);
    await reopened.close();
  });
});
