/**
 * When a visit has its page's own title (FV2). A visit is saved with the page's title, the
 * text of its h1, and, for a page of one subject (its route's handle says `subject: true`: a
 * station, a PV, a dashboard), the subject the h1 names in `data-page-subject`; the recently
 * visited list names the page by kind and subject in any language, or by the saved title when
 * there is no subject (pageKinds.ts). A page may show its h1, and a subject page its subject,
 * only once its code, texts and data have come, which on a slow machine or line takes seconds:
 * a visit read at a fixed moment was lost (no h1 yet) or kept the area's general title in the
 * language of the moment (no subject yet).
 */

/** What the page's h1 shows now. */
export interface ShownHeading {
  /** The h1's text, trimmed; '' without a shown h1. */
  title: string;
  /** Its `data-page-subject`, when it names one. */
  subject: string | undefined;
}

/**
 * The page's h1 as shown: one that a Suspense boundary has hidden while the next page loads
 * (`display: none`) is the last page's, not this one's.
 */
export function shownHeading(root: ParentNode = document): ShownHeading {
  const h1 = root.querySelector<HTMLElement>('main h1');
  if (!h1 || !h1.checkVisibility()) return { title: '', subject: undefined };
  return {
    title: h1.textContent?.trim() ?? '',
    subject: h1.getAttribute('data-page-subject')?.trim() || undefined,
  };
}

/**
 * Whether to save the visit with the heading shown now: once it has a title, and a subject
 * where the page's kind names one (`wantsSubject`). When the wait has passed its bound
 * (`lastChance`), any title does: a subject page that never names its subject (an unknown
 * station) is still a visit, named by the title it showed.
 */
export function visitReady(heading: ShownHeading, wantsSubject: boolean, lastChance: boolean) {
  if (!heading.title) return false;
  return lastChance || !wantsSubject || heading.subject !== undefined;
}
