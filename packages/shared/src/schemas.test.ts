import { describe, expect, it } from 'vitest';
import { CodeSchema, PasswordSchema, UsernameSchema } from './schemas';

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
