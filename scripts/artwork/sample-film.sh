#!/usr/bin/env bash
# The sample complexes' self-hosted film (issue 31): a 10-second MP4 drawn from our own poster
# drawing (assets/images/video/poster-brand.svg, drawn by scripts/artwork/banners.ts; rendered by
# sharp), slowly zoomed in while a band of light crosses the towers, plus its Korean captions
# (WebVTT). No stock footage, no text in the picture (the machine has no Korean font; the captions
# carry the words).
#
# Run by hand when the sample changes (ffmpeg is needed here only, never at install, build or
# test): scripts/artwork/sample-film.sh → assets/images/video/sample-film.{mp4,vtt}, served at
# /img/video/…. H.264 main, yuv420p, 854×480, faststart (the player starts before the end arrives).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=assets/images/video
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

# The drawing at twice the film's size (room for the zoom), cropped to 16:9.
node -e '
  const sharp = require("sharp");
  sharp("assets/images/video/poster-brand.svg", { density: 144 })
    .resize(1708, 960, { fit: "cover", position: "bottom" })
    .png()
    .toFile(process.argv[1]);
' "$work/still.png"

ffmpeg -hide_banner -loglevel error -y -loop 1 -framerate 24 -i "$work/still.png" -t 10 \
  -vf "zoompan=z='1+0.0008*on':x='iw/2-(iw/zoom/2)':y='ih-(ih/zoom)':d=1:s=854x480:fps=24,\
drawbox=x='-200+t*110':y=0:w=90:h=ih:color=0xf3d39b@0.12:t=fill,\
fade=t=in:st=0:d=0.8,fade=t=out:st=9.2:d=0.8,format=yuv420p" \
  -c:v libx264 -profile:v main -preset veryslow -crf 32 -tune stillimage -g 96 \
  -movflags +faststart -an "$out/sample-film.mp4"

cat >"$out/sample-film.vtt" <<'VTT'
WEBVTT

1
00:00:00.500 --> 00:00:03.200
도심 가까이, 숲과 함께 사는 단지를 소개합니다.

2
00:00:03.400 --> 00:00:06.400
남향 위주의 동 배치로 하루 종일 햇빛이 잘 듭니다.

3
00:00:06.600 --> 00:00:09.600
자세한 내용은 견본주택에서 직접 확인해 보세요.
VTT

ls -l "$out"
