import { keepTogetherParts } from "~/lib/keep-together";

/**
 * Text from content with its phone numbers, areas and short parenthesised phrases kept on one line
 * (wrapped in a nowrap span); everything else breaks between words.
 */
export function KeepTogether({ children }: { children: string }) {
  return (
    <>
      {keepTogetherParts(children).map((part, i) =>
        part.keep ? (
          <span key={i} className="nowrap">
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
