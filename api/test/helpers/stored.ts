/**
 * The stored files of a test API, looked at through its storage (the folder or the bucket alike):
 * a key, or a signed path as messages show it (`voice/ab.mp3?exp=…&sig=…`).
 */
import type { Api } from '../../src/app';

const keyOf = (path: string) => path.split('?')[0] as string;

/** The file's bytes; throws when it is not stored. */
export async function storedFile(api: Pick<Api, 'storage'>, path: string): Promise<Buffer> {
  const data = await api.storage.read(keyOf(path));
  if (!data) throw new Error(`not stored: ${keyOf(path)}`);
  return data;
}

export const isStored = (api: Pick<Api, 'storage'>, path: string): Promise<boolean> => api.storage.exists(keyOf(path));

/** The names of the files in a folder (`messages`, `voice` …), sorted. */
export const storedNames = async (api: Pick<Api, 'storage'>, folder: string): Promise<string[]> =>
  (await api.storage.list(folder)).map((key) => key.slice(folder.length + 1));
