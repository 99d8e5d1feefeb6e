import { api, endpoint } from './endpoint';
import {
  checkpointsQuery,
  checkpointsResponse,
  consistencyQuery,
  inclusionQuery,
  leavesQuery,
  leavesResponse,
  logKeyResponse,
  proofResponse,
  transparencySummary,
} from './transparency';

const tags = ['transparency'] as const;

/** The public log, for anyone to check (DESIGN §18). */
export const transparencyApi = api('transparency', {
  key: endpoint({
    summary: 'The key the public log’s checkpoints are signed with',
    method: 'GET',
    path: '/api/transparency/key',
    auth: 'none',
    tags,
    responses: { 200: logKeyResponse },
  }),
  checkpoint: endpoint({
    summary: 'The public log’s newest signed checkpoint',
    method: 'GET',
    path: '/api/transparency/checkpoint',
    auth: 'none',
    tags,
    responses: {
      200: {
        raw: 'text/plain',
        description: 'a C2SP signed note: origin, tree size, base64 root, then the signature',
      },
    },
  }),
  checkpoints: endpoint({
    summary: 'Every checkpoint the public log has signed, newest first, in pages',
    method: 'GET',
    path: '/api/transparency/checkpoints',
    auth: 'none',
    tags,
    query: checkpointsQuery,
    responses: { 200: checkpointsResponse },
  }),
  leaves: endpoint({
    summary: 'Leaves of the public log, by position',
    method: 'GET',
    path: '/api/transparency/leaves',
    auth: 'none',
    tags,
    query: leavesQuery,
    responses: { 200: leavesResponse },
  }),
  inclusion: endpoint({
    summary: 'Proof that a leaf is in the tree of a size (RFC 9162 §2.1.3)',
    method: 'GET',
    path: '/api/transparency/proof/inclusion',
    auth: 'none',
    tags,
    query: inclusionQuery,
    responses: { 200: proofResponse },
  }),
  summary: endpoint({
    summary: 'The transparency page’s figures: prizes awarded, days to pay, payouts, complaints, odds',
    method: 'GET',
    path: '/api/transparency/summary',
    auth: 'none',
    tags,
    responses: { 200: transparencySummary },
  }),
  consistency: endpoint({
    summary: 'Proof that the tree of one size extends the tree of a smaller one (RFC 9162 §2.1.4)',
    method: 'GET',
    path: '/api/transparency/proof/consistency',
    auth: 'none',
    tags,
    query: consistencyQuery,
    responses: { 200: proofResponse },
  }),
});
