import { content } from "~/content";
import { imageUrl } from "~/lib/images";

export function Logo() {
  const logo = content.images.logo;
  return (
    <img className="logo" src={imageUrl(logo)} width={logo.width} height={logo.height} alt="" />
  );
}
