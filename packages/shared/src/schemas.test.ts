import { describe, expect, it } from 'vitest';
import {
  CodeSchema,
  LoginSchema,
  MfaResendSchema,
  MfaVerifySchema,
  PasswordSchema,
  UsernameSchema,
} from './schemas';

describe('shared schemas', () => {
  it('accepts Polish letters, digits, dot, dash and underscore in usernames', () => {
    expect(UsernameSchema.safeParse('Łukasz_1.a-b').success).toBe(true);
  });
  it('rejects usernames that are too short, too long or have spaces', () => {
    expect(UsernameSchema.safeParse('ab').success).toBe(false);
    expect(UsernameSchema.safeParse('a'.repeat(25)).success).toBe(false);
    expect(UsernameSchema.safeParse('a b c').success).toBe(false);
  });
  it('bounds passwords to 6..128 characters', () => {
    expect(PasswordSchema.safeParse('12345').success).toBe(false);
    expect(PasswordSchema.safeParse('123456').success).toBe(true);
    expect(PasswordSchema.safeParse('x'.repeat(129)).success).toBe(false);
  });
  it('accepts only six-digit codes', () => {
    expect(CodeSchema.safeParse('123456').success).toBe(true);
    expect(CodeSchema.safeParse('12345a').success).toBe(false);
    expect(CodeSchema.safeParse('1234567').success).toBe(false);
  });
});

describe('snake_case fields with their deprecated camelCase spellings (decision 008)', () => {
  it('reads remember_me or rememberMe, snake_case first', () => {
    const login = { identifier: 'a', password: 'b' };
    expect(LoginSchema.parse(login).rememberMe).toBe(false);
    expect(LoginSchema.parse({ ...login, remember_me: true }).rememberMe).toBe(true);
    expect(LoginSchema.parse({ ...login, rememberMe: true }).rememberMe).toBe(true);
    expect(LoginSchema.parse({ ...login, remember_me: false, rememberMe: true }).rememberMe).toBe(
      false,
    );
  });
  it('reads user_id or userId, and needs one of them', () => {
    expect(MfaResendSchema.parse({ user_id: 7 })).toEqual({ userId: 7 });
    expect(MfaResendSchema.parse({ userId: '7' })).toEqual({ userId: 7 });
    expect(MfaResendSchema.safeParse({}).success).toBe(false);
    expect(MfaVerifySchema.parse({ user_id: 3, userId: 9, code: '123456' })).toEqual({
      userId: 3,
      code: '123456',
      rememberMe: false,
    });
  });
});
