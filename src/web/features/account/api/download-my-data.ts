import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '../../../../contract/account';
import { call } from '../../../lib/call';
import { saveJsonFile } from '../save-json-file';

// Fetched fresh for each download and not kept afterwards: it is everything held about the user.
export const myDataQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'export'],
    queryFn: ({ signal }) => call(accountApi.export, {}, { signal }),
    staleTime: 0,
    gcTime: 0,
  });

/**
 * The export as a file. The token travels in a header, so a plain link to the
 * endpoint cannot download it; the page fetches it and hands the browser a Blob.
 */
export function useDownloadMyData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const data = await queryClient.fetchQuery(myDataQueryOptions());
      // The day the server stamped, as in its own Content-Disposition name.
      saveJsonFile(data, `prizedraw-my-data-${data.exportedAt.slice(0, 10)}.json`);
    },
    // Reading changes nothing, so nothing on screen needs fetching again.
    meta: { changedNothing: () => true },
  });
}
