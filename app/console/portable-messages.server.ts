import { MEDIA_MAX_BYTES } from "~/lib/media-upload";
import { SITE_FILE } from "~/sites/folders.server";

/*
 * What a complex's zip (portable.server.ts) may be, and the Korean answers of its export and import
 * when it is refused: the zip as a whole (zip-unpack.server.ts) or the folder it holds.
 */

/** A zip the console or the command takes: the pictures of a large complex, with room. */
export const SITE_ZIP_MAX_BYTES = 100 * 1024 * 1024;
/** What a zip may unpack to, all files together (a zip bomb stops here). */
export const UNPACKED_MAX_BYTES = 300 * 1024 * 1024;
export const ENTRIES_MAX = 2000;
export const YAML_MAX_BYTES = 2 * 1024 * 1024;
/** The pictures a zip may hold (by their names), and the ones an import reads. */
export const PICTURE = /\.(jpe?g|png|webp|svg)$/i;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)}MB`;

export const PORTABLE_MESSAGES = {
  noFile: "가져올 zip 파일을 골라 주세요.",
  notZip: "zip 파일이 아닙니다. 내보내기로 받은 <단지 ID>.zip을 올려 주세요.",
  tooLarge: (bytes: number) =>
    `zip 파일이 너무 큽니다 (${mb(bytes)}). ${mb(SITE_ZIP_MAX_BYTES)}까지 올릴 수 있습니다.`,
  unpackedTooLarge: `압축을 풀면 ${mb(UNPACKED_MAX_BYTES)}를 넘습니다. 사진을 줄여 다시 만들어 주세요.`,
  tooManyFiles: `파일이 너무 많습니다 (${ENTRIES_MAX}개까지).`,
  outside: (name: string) => `폴더 밖을 가리키는 경로가 있습니다: ${name}`,
  pictureOutside: "사진 경로가 단지 폴더 밖을 가리킵니다. 사진을 다시 올려 주세요.",
  badName: (name: string) =>
    `파일 이름을 읽을 수 없습니다: ${name} (UTF-8 글자로, 제어 문자 없이 쓴 이름만 넣을 수 있습니다)`,
  duplicate: (name: string) => `같은 이름의 파일이 zip에 두 번 있습니다: ${name}`,
  clash: (name: string) =>
    `파일과 폴더의 이름이 같습니다: ${name} (파일 아래에 다른 파일을 둘 수 없습니다)`,
  notPicture: (name: string) =>
    `사진이 아닌 파일이 있습니다: ${name} (site.yaml과 images/ 아래의 JPEG, PNG, WebP, SVG만 넣을 수 있습니다)`,
  pictureTooLarge: (name: string, bytes: number) =>
    `사진이 너무 큽니다: ${name} (${mb(bytes)}). ${mb(MEDIA_MAX_BYTES)}까지 올릴 수 있습니다.`,
  twoFolders: "zip에 단지 폴더가 둘 이상입니다. 한 단지의 폴더(site.yaml과 images/)만 넣어 주세요.",
  noSiteFile: `${SITE_FILE}이 없습니다. 단지 폴더(site.yaml과 images/)를 zip으로 묶어 주세요.`,
  yaml: (reason: string) => `${SITE_FILE}: YAML 문법 오류입니다: ${reason}`,
  badId: (id: string) =>
    `단지 ID "${id}"는 영문 소문자로 시작하고 영문 소문자, 숫자, -만 쓸 수 있습니다`,
  taken: (id: string) =>
    `이미 있는 단지 ID입니다: ${id}. 그 단지의 게시 화면에서 가져오면 새 초안이 됩니다.`,
  noMedia: (path: string, src: string) => `${path}: 업로드한 사진(${src})이 이 서버에 없습니다`,
};
