import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, createTestContext, registerUser } from '../../../test/helpers';
import { securityLog } from '../../db/schema/index';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

describe('username change', () => {
  it('changes the username, which then works for login', async () => {
    const app = await ctx.app();
    const { client } = await registerUser(app, ctx.mail, {
      username: 'filip',
      email: 'filip@example.com',
    });
    const response = await client.post('/api/profile/username', { username: 'Filip_2' });
    expect(response.statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).json().user.username).toBe('Filip_2');
    const login = await new Client(app).post('/api/auth/login', {
      identifier: 'filip_2',
      password: 'Sekretne-Haslo-42',
    });
    expect(login.statusCode).toBe(200);
    const events = await ctx.database.db.select().from(securityLog);
    expect(events.some((e) => e.event === 'username_changed')).toBe(true);
  });

  it('answers 409 username_taken for a name taken in another letter case', async () => {
    const app = await ctx.app();
    const { client } = await registerUser(app, ctx.mail, {
      username: 'filip',
      email: 'filip@example.com',
    });
    await registerUser(app, ctx.mail, { username: 'Gosia', email: 'gosia@example.com' });
    const response = await client.post('/api/profile/username', { username: 'GOSIA' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'username_taken' });
    expect((await client.get('/api/auth/me')).json().user.username).toBe('filip');
  });

  it('validates the new name on the server and changes nothing on bad input', async () => {
    const app = await ctx.app();
    const { client } = await registerUser(app, ctx.mail, {
      username: 'filip',
      email: 'filip@example.com',
    });
    for (const username of ['ab', 'x'.repeat(25), 'ma spację', 'zły/znak', '<script>']) {
      const response = await client.post('/api/profile/username', { username });
      expect(response.statusCode, username).toBe(400);
      expect(response.json().error).toBe('validation_failed');
    }
    expect((await client.get('/api/auth/me')).json().user.username).toBe('filip');
  });

  it('needs a session', async () => {
    const app = await ctx.app();
    const response = await new Client(app).post('/api/profile/username', { username: 'hacker' });
    expect(response.statusCode).toBe(401);
  });

  it('ignores a forged is_admin or id in the body', async () => {
    const app = await ctx.app();
    const { client } = await registerUser(app, ctx.mail, {
      username: 'filip',
      email: 'filip@example.com',
    });
    const other = await registerUser(app, ctx.mail, {
      username: 'gosia',
      email: 'gosia@example.com',
    });
    await client.post('/api/profile/username', {
      username: 'filip2',
      is_admin: true,
      id: other.user.id,
    });
    const me = (await client.get('/api/auth/me')).json();
    expect(me).toMatchObject({ user: { username: 'filip2', is_admin: false }, isStaff: false });
    expect((await other.client.get('/api/auth/me')).json().user.username).toBe('gosia');
  });
});
