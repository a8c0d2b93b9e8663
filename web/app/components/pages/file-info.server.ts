import { API_TIMEOUT_MS, apiOrigin } from '../../lib/api.server';
import { imageUrl } from '../../lib/images';

/**
 * The byte sizes of some files of the image endpoint (for "PDF, 120 KB" hints), asked with
 * HEAD requests under the API time-out. A failed or size-less answer is null: the hint then
 * just says "PDF".
 */
export async function fileSizes(refs: string[]): Promise<Array<number | null>> {
  return Promise.all(
    refs.map(async (ref) => {
      try {
        const response = await fetch(`${apiOrigin()}${imageUrl(ref)}`, {
          method: 'HEAD',
          signal: AbortSignal.timeout(API_TIMEOUT_MS),
        });
        const length = Number(response.headers.get('content-length'));
        return response.ok && length > 0 ? length : null;
      } catch {
        return null;
      }
    }),
  );
}
