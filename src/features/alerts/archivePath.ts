/**
 * The alert archive's address, alone: main.tsx compares a tab's first address with it before
 * it loads the archive's query code (archiveQuery.ts), which only such a tab needs.
 */
export const ARCHIVE_PATH = '/alerts/archive';
