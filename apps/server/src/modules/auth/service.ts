import type { AppDeps } from '../../deps';
import { login } from './login';
import { resendMfa, verifyMfa } from './login-mfa';
import { confirmPasswordReset, requestPasswordReset } from './password-reset';
import { register, verifyEmail } from './registration';

/**
 * The auth use cases bound to the app's resources, so a route calls
 * `auth.login(input)`. Each use case lives in its own file and takes the
 * resources as its first argument.
 */
export function createAuthService(deps: AppDeps) {
  const bind =
    <Input, Result>(useCase: (deps: AppDeps, input: Input) => Result) =>
    (input: Input) =>
      useCase(deps, input);
  return {
    register: bind(register),
    verifyEmail: bind(verifyEmail),
    login: bind(login),
    verifyMfa: bind(verifyMfa),
    resendMfa: bind(resendMfa),
    requestPasswordReset: bind(requestPasswordReset),
    confirmPasswordReset: bind(confirmPasswordReset),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
