import { useMutation } from '@tanstack/react-query';
import type { AppleBody, GoogleBody, SocialSessionResponse } from '../../../../contract/auth';
import { api } from '../../../lib/api-client';
import { deviceHeaders } from '../device-id';

export const signInWithGoogle = (body: GoogleBody) =>
  api<SocialSessionResponse>('/auth/google', { method: 'POST', body, headers: deviceHeaders() });

export const signInWithApple = (body: AppleBody) =>
  api<SocialSessionResponse>('/auth/apple', { method: 'POST', body, headers: deviceHeaders() });

export const useGoogleSignIn = () => useMutation({ mutationFn: signInWithGoogle });
export const useAppleSignIn = () => useMutation({ mutationFn: signInWithApple });
