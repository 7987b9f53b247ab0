/**
 * The four independently delivered remotes: their area key in the registry, their package folder
 * (also the folder name under MF_DIR) and their Module Federation container name.
 */
export type RemoteArea = 'crm' | 'oa' | 'bi' | 'system';

export type RemoteDescriptor = {
  area: RemoteArea;
  /** Workspace folder and MF_DIR sub-folder, e.g. `remote-crm`. */
  packageDir: string;
  /** npm package name, e.g. `@portal/remote-crm`. */
  packageName: string;
  /** Module Federation container name, e.g. `remote_crm`. */
  mfName: string;
};

export const REMOTES: readonly RemoteDescriptor[] = (['crm', 'oa', 'bi', 'system'] as const).map((area) => ({
  area,
  packageDir: `remote-${area}`,
  packageName: `@portal/remote-${area}`,
  mfName: `remote_${area}`,
}));

/** Accepts `crm`, `remote-crm`, `@portal/remote-crm` or `remote_crm`. */
export function findRemote(nameOrArea: string): RemoteDescriptor | undefined {
  const key = nameOrArea.trim();
  return REMOTES.find((r) => [r.area, r.packageDir, r.packageName, r.mfName].includes(key));
}
