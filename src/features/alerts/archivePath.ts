/** The alert archive's address, alone: main.tsx compares with it, the route table spells it. */
export const ARCHIVE_PATH = '/alerts/archive';
