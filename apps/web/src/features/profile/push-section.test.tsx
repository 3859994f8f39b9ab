import { randomBytes } from 'node:crypto';
import { PUSH_SUBSCRIPTIONS_MAX, type PushSubscriptionItem } from '@studio/shared/push';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCREEN_MESSAGES } from '~/lib/error-messages';
import { json, renderScreen, resetScreenTest, stubFetch } from '~/test/account-screens';
import {
  PUSH_DENIED_MESSAGE,
  PUSH_DISMISSED_MESSAGE,
  PUSH_LIST_FAILED_MESSAGE,
  PUSH_OFF_MESSAGE,
  PUSH_ON_MESSAGE,
  PUSH_TEST_SENT_MESSAGE,
  PUSH_UNSUPPORTED_MESSAGE,
  PushSection,
} from './components/push-section';

/*
 * jsdom has no service worker, PushManager or Notification: the browser's
 * push API is played by a small fake below (what the section calls, with the
 * browser's rules: a subscription only after the permission, the same
 * subscription for the same key). The server is the fetch stub the other
 * profile tests use; the real browser and server meet in e2e/tests/push.spec.ts.
 */

const PUBLIC_KEY = Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url');
const P256DH = Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url');
const AUTH = randomBytes(16).toString('base64url');
const THIS_ENDPOINT = 'https://push.example.test/send/this-browser';
const OTHER_ENDPOINT = 'https://push.example.test/send/phone';

const device = (id: number, endpoint: string, name: string): PushSubscriptionItem => ({
  id,
  endpoint,
  device: name,
  created_at: '2026-11-20T10:00:00.000Z',
  last_push_at: null,
});
const PHONE = {
  ...device(1, OTHER_ENDPOINT, 'Chrome na Androidzie'),
  last_push_at: '2026-11-26T08:30:00.000Z',
};
const THIS = device(2, THIS_ENDPOINT, 'Firefox na Linuksie');

interface FakePush {
  permission: NotificationPermission;
  subscription: ReturnType<typeof fakeSubscription> | null;
  subscribeCalls: PushSubscriptionOptionsInit[];
  requestPermission: ReturnType<typeof vi.fn>;
}

function fakeSubscription(push: FakePush, key: Uint8Array) {
  const subscription = {
    endpoint: THIS_ENDPOINT,
    options: { applicationServerKey: key.buffer },
    unsubscribe: vi.fn(async () => {
      push.subscription = null;
      return true;
    }),
    toJSON: () => ({ endpoint: THIS_ENDPOINT, keys: { p256dh: P256DH, auth: AUTH } }),
  };
  return subscription;
}

/** This browser's push API: `answer` is what the user picks in the permission prompt. */
function fakeBrowserPush({
  permission = 'default',
  answer = 'granted',
  isSubscribed = false,
}: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  isSubscribed?: boolean;
} = {}): FakePush {
  const push: FakePush = {
    permission,
    subscription: null,
    subscribeCalls: [],
    requestPermission: vi.fn(async () => {
      push.permission = answer;
      return answer;
    }),
  };
  if (isSubscribed)
    push.subscription = fakeSubscription(push, Buffer.from(PUBLIC_KEY, 'base64url'));
  const registration = {
    pushManager: {
      getSubscription: async () => push.subscription,
      subscribe: async (options: PushSubscriptionOptionsInit) => {
        if (push.permission !== 'granted') throw new DOMException('denied', 'NotAllowedError');
        push.subscribeCalls.push(options);
        push.subscription ??= fakeSubscription(push, options.applicationServerKey as Uint8Array);
        return push.subscription;
      },
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: vi.fn(async () => registration),
      getRegistration: async () => registration,
      ready: Promise.resolve(registration),
    },
  });
  vi.stubGlobal('PushManager', class PushManager {});
  vi.stubGlobal('Notification', {
    get permission() {
      return push.permission;
    },
    requestPermission: push.requestPermission,
  });
  return push;
}

/** The server: the account's devices, changed by the calls as the real one would. */
function fakeServer(initial: PushSubscriptionItem[] = []) {
  let devices = [...initial];
  const calls = stubFetch(({ url, method, body }) => {
    if (url === '/api/push/public-key') return json(200, { public_key: PUBLIC_KEY });
    if (url === '/api/push/subscriptions' && method === 'GET') {
      return json(200, { subscriptions: devices });
    }
    if (url === '/api/push/subscriptions' && method === 'POST') {
      const { endpoint } = body as { endpoint: string };
      const added = device(9, endpoint, 'Chrome na Linuksie');
      devices = [added, ...devices];
      return json(201, { subscription: added });
    }
    if (url === '/api/push/subscriptions' && method === 'DELETE') {
      const { endpoint } = body as { endpoint: string };
      devices = devices.filter((item) => item.endpoint !== endpoint);
      return new Response(null, { status: 204 });
    }
    if (url === '/api/push/test') return new Response(null, { status: 202 });
    return json(404, { error: 'not_found' });
  });
  return calls;
}

afterEach(() => {
  resetScreenTest();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('„Powiadomienia na tym urządzeniu” in the profile', { timeout: 20_000 }, () => {
  it('asks for the permission only on the click, then subscribes with the server’s key and lists this device', async () => {
    const push = fakeBrowserPush();
    const calls = fakeServer([PHONE]);
    renderScreen(<PushSection />, { path: '/profile' });
    const enable = await screen.findByRole('button', { name: 'Włącz powiadomienia' });
    expect(push.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(enable);
    expect(await screen.findByText(PUSH_ON_MESSAGE)).toBeTruthy();
    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    expect(push.subscribeCalls).toHaveLength(1);
    expect(push.subscribeCalls[0]?.userVisibleOnly).toBe(true);
    expect(
      Buffer.from(push.subscribeCalls[0]?.applicationServerKey as Uint8Array).toString('base64url'),
    ).toBe(PUBLIC_KEY);
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/push/subscriptions',
      body: { endpoint: THIS_ENDPOINT, keys: { p256dh: P256DH, auth: AUTH } },
    });
    const list = await screen.findByRole('list', {
      name: 'Urządzenia z włączonymi powiadomieniami',
    });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const mine = within(list).getByText('to urządzenie').closest('li');
    expect(mine?.textContent).toContain('Chrome na Linuksie');
    expect(mine?.textContent).toContain('jeszcze bez powiadomień');
    expect(screen.getByRole('button', { name: 'Wyślij powiadomienie próbne' })).toBeTruthy();
  });

  it('sends the test push to this device’s endpoint', async () => {
    fakeBrowserPush({ permission: 'granted', isSubscribed: true });
    const calls = fakeServer([THIS]);
    renderScreen(<PushSection />, { path: '/profile' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Wyślij powiadomienie próbne' }),
    );
    expect(await screen.findByText(PUSH_TEST_SENT_MESSAGE)).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/push/test')).toMatchObject({
      method: 'POST',
      body: { endpoint: THIS_ENDPOINT },
    });
  });

  it('turns push off here: the server forgets the endpoint and the browser unsubscribes', async () => {
    const push = fakeBrowserPush({ permission: 'granted', isSubscribed: true });
    const subscription = push.subscription;
    const calls = fakeServer([THIS, PHONE]);
    renderScreen(<PushSection />, { path: '/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Wyłącz na tym urządzeniu' }));
    expect(await screen.findByText(PUSH_OFF_MESSAGE)).toBeTruthy();
    expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({
      url: '/api/push/subscriptions',
      body: { endpoint: THIS_ENDPOINT },
    });
    expect(subscription?.unsubscribe).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Włącz powiadomienia' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Firefox na Linuksie')).toBeNull());
    expect(screen.getByText('Chrome na Androidzie')).toBeTruthy();
  });

  it('removes another device from the list by its endpoint, with the keyboard', async () => {
    const push = fakeBrowserPush({ permission: 'granted', isSubscribed: true });
    const calls = fakeServer([THIS, PHONE]);
    renderScreen(<PushSection />, { path: '/profile' });
    const remove = await screen.findByRole('button', {
      name: 'Wyłącz powiadomienia na urządzeniu Chrome na Androidzie',
    });
    expect(screen.getByText(/ostatnie powiadomienie/).textContent).toMatch(/2026/);
    remove.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('Chrome na Androidzie')).toBeNull());
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({
      endpoint: OTHER_ENDPOINT,
    });
    // This browser's own subscription is left alone.
    expect(push.subscription?.unsubscribe).not.toHaveBeenCalled();
    expect(screen.getByText('to urządzenie')).toBeTruthy();
  });

  it('says how to allow notifications when the site is blocked, and asks nothing', async () => {
    const push = fakeBrowserPush({ permission: 'denied' });
    fakeServer();
    renderScreen(<PushSection />, { path: '/profile' });
    expect((await screen.findByTestId('push-denied')).textContent).toBe(PUSH_DENIED_MESSAGE);
    expect(screen.queryByRole('button', { name: 'Włącz powiadomienia' })).toBeNull();
    expect(push.requestPermission).not.toHaveBeenCalled();
  });

  it('turns to the blocked explanation when the prompt is refused, and asks again when it was only closed', async () => {
    const refused = fakeBrowserPush({ answer: 'denied' });
    const calls = fakeServer();
    const view = renderScreen(<PushSection />, { path: '/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Włącz powiadomienia' }));
    expect(await screen.findByTestId('push-denied')).toBeTruthy();
    expect(refused.subscribeCalls).toHaveLength(0);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    view.unmount();

    fakeBrowserPush({ answer: 'default' });
    renderScreen(<PushSection />, { path: '/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Włącz powiadomienia' }));
    expect(await screen.findByText(PUSH_DISMISSED_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Włącz powiadomienia' })).toBeTruthy();
  });

  it('says the browser cannot do push when it has no PushManager, and still lists the devices', async () => {
    fakeServer([PHONE]);
    renderScreen(<PushSection />, { path: '/profile' });
    expect(await screen.findByText(PUSH_UNSUPPORTED_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Włącz powiadomienia' })).toBeNull();
    expect(screen.getByText('Chrome na Androidzie')).toBeTruthy();
  });

  it('shows the list loading, empty, and failed with a retry', async () => {
    fakeBrowserPush();
    let fails = true;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubFetch(async ({ url }) => {
      if (url !== '/api/push/subscriptions') return json(404, { error: 'not_found' });
      await held;
      return fails ? json(500, { error: 'internal' }) : json(200, { subscriptions: [] });
    });
    renderScreen(<PushSection />, { path: '/profile' });
    expect(await screen.findByText('Wczytywanie urządzeń…')).toBeTruthy();
    release();
    expect(await screen.findByText(PUSH_LIST_FAILED_MESSAGE)).toBeTruthy();
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(
      await screen.findByText('Powiadomienia nie są włączone na żadnym urządzeniu.'),
    ).toBeTruthy();
  });

  it('explains the limit of devices when the server refuses an eleventh', async () => {
    fakeBrowserPush();
    stubFetch(({ url, method }) => {
      if (url === '/api/push/public-key') return json(200, { public_key: PUBLIC_KEY });
      if (method === 'POST') return json(409, { error: 'too_many_push_devices' });
      return json(200, { subscriptions: [] });
    });
    renderScreen(<PushSection />, { path: '/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Włącz powiadomienia' }));
    const message = SCREEN_MESSAGES.pushProfile.codes?.too_many_push_devices ?? '';
    expect(await screen.findByText(message)).toBeTruthy();
    // Written out in the message table; it must say the contract's number.
    expect(message).toContain(`na ${PUSH_SUBSCRIPTIONS_MAX} urządzeniach`);
  });
});
