import { useSite } from "~/lib/site";
import { imageUrl } from "~/lib/images";

export function Logo() {
  const logo = useSite().images.logo;
  return (
    <img className="logo" src={imageUrl(logo)} width={logo.width} height={logo.height} alt="" />
  );
}
