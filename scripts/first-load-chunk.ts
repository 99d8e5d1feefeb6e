import type { GetModuleInfo } from 'rolldown';

/**
 * Everything the entry imports statically (what every first load runs) goes
 * into one chunk beside it. Left to itself, the bundler splits those modules
 * by which lazy pages also use them, into a handful of files, and as each file
 * is compressed on its own, the first load grew as more pages shared its code.
 */
/**
 * An icon library's index imports every icon, so every icon would look reached from the entry;
 * each icon is placed by the modules that use it instead.
 */
const BARREL = /lucide-react\/dist\/esm\/lucide-react\.mjs$/;

export function firstLoadInOneChunk() {
  const known = new Map<string, boolean>();
  return (id: string, { getModuleInfo }: { getModuleInfo: GetModuleInfo }) => {
    // Whether a chain of static imports leads from the entry to this module.
    const reached = (m: string, seen: Set<string>): boolean => {
      const cached = known.get(m);
      if (cached !== undefined) return cached;
      if (seen.has(m)) return false;
      seen.add(m);
      const info = getModuleInfo(m);
      const result = Boolean(
        info && (info.isEntry || info.importers.some((by) => !BARREL.test(by) && reached(by, seen))),
      );
      known.set(m, result);
      return result;
    };
    const info = getModuleInfo(id);
    return info && !info.isEntry && reached(id, new Set()) ? 'app' : undefined;
  };
}
