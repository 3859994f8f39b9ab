/** Route table: the profile's sessions list, password change and e-mail change (issue 19). */
import {
  EmailChangeConfirmSchema,
  EmailChangeSchema,
  PasswordChangeSchema,
  SessionIdParamSchema,
  SessionsAnswerSchema,
} from '@studio/shared/account-sessions';
import { OkAnswerSchema } from '@studio/shared/answers';
import { type ApiOperation, JSON_WRITE, refusals } from './operation';

const ok = { 200: { description: 'Done.', schema: OkAnswerSchema } };

export const accountSessionOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/profile/sessions',
    tag: 'profile',
    session: true,
    summary: 'Every browser signed in to my account, the one asking marked `current`',
    description:
      '`last_used_at` is written at most once a minute per session. `device` is a readable name made from `user_agent` on the server.',
    answers: {
      200: {
        description: 'The live sessions, most recently used first.',
        schema: SessionsAnswerSchema,
      },
      ...refusals([401]),
    },
  },
  {
    method: 'delete',
    path: '/api/profile/sessions/{id}',
    tag: 'profile',
    session: true,
    summary: 'Sign out one browser of my account, at once on every instance',
    pathParams: { id: SessionIdParamSchema.shape.id },
    answers: {
      ...ok,
      ...refusals([400, 401, 403, 404], {
        404: "`not_found`: no such session of mine (another user's session too).",
      }),
    },
  },
  {
    method: 'post',
    path: '/api/profile/password',
    tag: 'profile',
    session: true,
    summary: 'Change my password (the current one confirms it); every other session ends',
    body: PasswordChangeSchema,
    answers: {
      ...ok,
      ...refusals([...JSON_WRITE, 401, 429], {
        400: '`invalid_credentials` (wrong current password), `weak_password` or `validation_failed`.',
      }),
    },
  },
  {
    method: 'post',
    path: '/api/profile/email',
    tag: 'profile',
    session: true,
    summary: 'Start an e-mail change: the password confirms it, a code goes to the new address',
    description:
      'A taken address answers the same; its owner gets a notice instead of a code, and the confirmation then fails with `invalid_code`.',
    body: EmailChangeSchema,
    answers: {
      ...ok,
      ...refusals([...JSON_WRITE, 401, 429, 502], {
        400: '`invalid_credentials` (wrong password) or `validation_failed`.',
      }),
    },
  },
  {
    method: 'post',
    path: '/api/profile/email/confirm',
    tag: 'profile',
    session: true,
    summary: 'Confirm an e-mail change with the code; the old address is told, sessions stay',
    body: EmailChangeConfirmSchema,
    answers: {
      ...ok,
      ...refusals([...JSON_WRITE, 401, 409, 429], {
        400: '`invalid_code` or `validation_failed`.',
        409: '`duplicate`: the address got an account meanwhile.',
      }),
    },
  },
];
