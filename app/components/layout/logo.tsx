import { useSite } from "~/lib/site";
import { imageUrl } from "~/lib/images";

/**
 * The complex's logo (단지 기본 정보): its picture, or without one its name in letters. It sits in a
 * link named after the complex, so it is read by nobody itself.
 */
export function Logo() {
  const { logo, name } = useSite().identity;
  if (!logo) {
    return (
      <span className="logo logo-text" aria-hidden="true">
        {name}
      </span>
    );
  }
  return (
    <img className="logo" src={imageUrl(logo)} width={logo.width} height={logo.height} alt="" />
  );
}
