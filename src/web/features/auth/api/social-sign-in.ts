import { useMutation } from '@tanstack/react-query';
import type { AppleBody, GoogleBody, SocialSessionResponse } from '../../../../contract/auth';
import { api } from '../../../lib/api-client';

export const signInWithGoogle = (body: GoogleBody) =>
  api<SocialSessionResponse>('/auth/google', { method: 'POST', body });

export const signInWithApple = (body: AppleBody) =>
  api<SocialSessionResponse>('/auth/apple', { method: 'POST', body });

export const useGoogleSignIn = () => useMutation({ mutationFn: signInWithGoogle });
export const useAppleSignIn = () => useMutation({ mutationFn: signInWithApple });
