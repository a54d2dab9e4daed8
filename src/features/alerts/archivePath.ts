/** The alert archive's address, alone: the route table and main.tsx compare with it. */
export const ARCHIVE_PATH = '/alerts/archive';
