/**
 * A name cut in the middle, never at its end (issue 12 item 5): "Wasserstand Brunnen 1" and
 * "Wasserstand Brunnen 2" must not both read "Wasserstand Brunne…". The head shrinks with an
 * ellipsis while the tail — the last words, which tell similar names apart — stays whole. The
 * full name is the element's title (hover), is read in full by screen readers (both parts are
 * text), and shows in full while the element or its link has the keyboard focus (ui.css).
 */
import { cx } from './cx.ts';

/** Splits a name into the head that may shrink and the tail that stays (pure, tested). */
export function splitForMiddle(text: string, maxTail = 14): [string, string] {
  const words = text.split(/(?=\s)/);
  if (words.length < 2) {
    // One long word: keep its last characters.
    return text.length > maxTail + 4 ? [text.slice(0, -6), text.slice(-6)] : [text, ''];
  }
  let tail = words.pop()!;
  while (words.length > 1 && tail.length + words[words.length - 1]!.length <= maxTail)
    tail = words.pop()! + tail;
  return [words.join(''), tail];
}

export function MiddleText({ text, className }: { text: string; className?: string }) {
  const [head, tail] = splitForMiddle(text);
  return (
    <span className={cx('mid-text', className)} title={text}>
      <span className="mid-head">{head}</span>
      {tail && <span className="mid-tail">{tail}</span>}
    </span>
  );
}
