/** The last backup the running server took or tried, as the status page shows it. */
export interface BackupState {
  /** When it started (ISO). */
  at: string;
  ok: boolean;
  /** Restored into a temporary folder with every count and checksum matching. */
  verified: boolean;
  error: string | null;
  folder: string | null;
  sizeBytes: number | null;
}
