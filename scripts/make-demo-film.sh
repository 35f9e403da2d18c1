#!/usr/bin/env bash
# make-demo-film.sh: builds the shop's demo on-demand film as an HLS package in
# server/vod/media/demo-film/, entirely from generated sources (nothing is downloaded):
#   - video: ffmpeg's testsrc2 pattern with a big burnt-in clock and frame number
#     (the overlay is skipped when no font is installed; testsrc2 has its own timer),
#   - audio: a sine tone that changes pitch every 4 s, AAC-LC mono,
#   - three H.264 renditions (144p, 270p, 480p) cut into 4 s MPEG-TS segments,
#   - Hebrew and English WebVTT subtitles with their own media playlists,
#   - master.m3u8 with codec strings and bandwidths measured from the produced files.
# Needs ffmpeg/ffprobe from Debian's packages: apt-get install -y ffmpeg
# Run by hand from any directory; never run by CI or at runtime. The output is
# committed. It wipes and rewrites the output folder. Output is deterministic as
# far as ffmpeg allows (bitexact flags, single-threaded x264 with its SEI
# stripped, fixed sources).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/server/vod/media/demo-film"
DUR=20     # seconds (5 segments of 4 s)
SEG=4      # segment length, seconds
FPS=25
GOP=$((SEG * FPS))
MAX_BYTES=1900000

for t in ffmpeg ffprobe; do command -v $t >/dev/null || { echo "needs $t: apt-get install -y ffmpeg" >&2; exit 1; }; done

rm -rf "$OUT"
mkdir -p "$OUT/subs"

# Video source at 480p; each rendition scales it down, so all show the same picture.
VF="testsrc2=s=854x480:r=$FPS:d=$DUR"
FONT="$(fc-match -f '%{file}' 'DejaVu Sans Mono:bold' 2>/dev/null || true)"
if [[ -n "$FONT" && -f "$FONT" ]]; then
  VF+=",drawtext=fontfile=$FONT:text='%{pts\\:hms}':fontsize=72:fontcolor=white"
  VF+=":box=1:boxcolor=black@0.6:boxborderw=10:x=(w-tw)/2:y=h-th-40"
  VF+=",drawtext=fontfile=$FONT:text='frame %{frame_num}':fontsize=40:fontcolor=yellow"
  VF+=":box=1:boxcolor=black@0.6:boxborderw=8:x=(w-tw)/2:y=30"
else
  echo "no font found: skipping the burnt-in clock (testsrc2 shows its own timer)" >&2
fi
# Tone: 330, 440, 550, 660, 770 Hz, one per 4 s segment.
AF="aevalsrc=0.25*sin(2*PI*(330+110*floor(t/$SEG))*t):s=48000:c=mono:d=$DUR"

# name width height video_kbps profile
RENDITIONS=(
  "144p 256 144 64 baseline"
  "270p 480 270 140 main"
  "480p 854 480 260 main"
)

for r in "${RENDITIONS[@]}"; do
  read -r name w h kbps profile <<<"$r"
  mkdir -p "$OUT/$name"
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "$VF" -f lavfi -i "$AF" \
    -map 0:v -map 1:a -map_metadata -1 \
    -vf "scale=$w:$h:flags=bicubic,format=yuv420p" \
    -c:v libx264 -threads 1 -profile:v "$profile" -preset medium -bf 0 \
    -b:v "${kbps}k" -maxrate "$((kbps * 12 / 10))k" -bufsize "$((kbps * 2))k" \
    -g "$GOP" -keyint_min "$GOP" -sc_threshold 0 \
    -force_key_frames "expr:gte(t,n_forced*$SEG)" \
    -bsf:v filter_units=remove_types=6 \
    -c:a aac -profile:a aac_low -b:a 48k -ac 1 -ar 48000 \
    -fflags +bitexact -flags:v +bitexact -flags:a +bitexact \
    -f hls -hls_time "$SEG" -hls_playlist_type vod \
    -hls_segment_filename "$OUT/$name/seg%d.m2ts" "$OUT/$name/index.m3u8"
done

# First video PTS (90 kHz ticks) of the first segment; all renditions must agree.
first_pts() {
  ffprobe -v error -select_streams v:0 -show_entries packet=pts -read_intervals '%+#1' \
    -of csv=p=0 "$1" | head -n1 | tr -d ' ,\r'
}
PTS="$(first_pts "$OUT/480p/seg0.m2ts")"
for r in "${RENDITIONS[@]}"; do
  read -r name _ <<<"$r"
  p="$(first_pts "$OUT/$name/seg0.m2ts")"
  [[ "$p" == "$PTS" ]] || { echo "first PTS differs: $name $p vs $PTS" >&2; exit 1; }
done
echo "first video PTS: $PTS"

# Subtitles: one WebVTT file per language, one segment covering the whole film.
write_vtt() { # lang, then 5 cue texts
  local f="$OUT/subs/$1.vtt"
  {
    printf 'WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:%s,LOCAL:00:00:00.000\n\n' "$PTS"
    printf '1\n00:00:00.500 --> 00:00:03.500\n%s\n\n' "$2"
    printf '2\n00:00:04.000 --> 00:00:07.500\n%s\n\n' "$3"
    printf '3\n00:00:08.000 --> 00:00:11.500\n%s\n\n' "$4"
    printf '4\n00:00:12.000 --> 00:00:15.500\n%s\n\n' "$5"
    printf '5\n00:00:16.500 --> 00:00:19.500\n%s\n' "$6"
  } >"$f"
  printf '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:%s\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:%s.000,\n%s.vtt\n#EXT-X-ENDLIST\n' \
    "$DUR" "$DUR" "$1" >"$OUT/subs/$1.m3u8"
}
write_vtt en "Welcome to the demo film" \
  "A colour test pattern with a running clock" \
  "The tone rises in pitch every four seconds" \
  "The frame counter advances with every picture" \
  "The end"
write_vtt he "ברוכים הבאים לסרט ההדגמה" \
  "תבנית בדיקה צבעונית עם שעון רץ" \
  "הצליל עולה בגובהו כל ארבע שניות" \
  "מונה התמונות מתקדם בכל תמונה" \
  "סוף"

# Codec string from the SPS (profile_idc, constraint flags, level_idc) of the stream.
codec_of() {
  ffmpeg -v error -i "$1" -map 0:v -frames:v 1 -c copy -f h264 - | od -An -tx1 -v -w1 |
    awk '{ b[NR] = $1 } END {
      for (i = 3; i + 3 <= NR; i++)
        if (b[i-2] == "00" && b[i-1] == "00" && b[i] == "01" && b[i+1] ~ /^[0246]7$/) {
          print "avc1." b[i+2] b[i+3] b[i+4]; exit } exit 1 }'
}
# Peak (max segment) and average bitrate from the produced playlist and files.
bandwidth_of() { # dir -> "peak avg"
  local dir="$1"
  awk -v dir="$dir" '
    /^#EXTINF:/ { sub(/^#EXTINF:/, ""); d = $0 + 0; next }
    /\.m2ts$/ { cmd = "stat -c %s \"" dir "/" $0 "\""; cmd | getline s; close(cmd)
              b = s * 8 / d; if (b > peak) peak = b; tot += s; dur += d }
    END { printf "%d %d\n", peak, tot * 8 / dur }' "$dir/index.m3u8"
}

{
  printf '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-INDEPENDENT-SEGMENTS\n'
  echo '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="עברית",LANGUAGE="he",DEFAULT=NO,AUTOSELECT=YES,URI="subs/he.m3u8"'
  echo '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,URI="subs/en.m3u8"'
  for r in "${RENDITIONS[@]}"; do
    read -r name w h _ <<<"$r"
    read -r peak avg <<<"$(bandwidth_of "$OUT/$name")"
    codec="$(codec_of "$OUT/$name/seg0.m2ts")"
    echo "#EXT-X-STREAM-INF:BANDWIDTH=$peak,AVERAGE-BANDWIDTH=$avg,RESOLUTION=${w}x$h,CODECS=\"$codec,mp4a.40.2\",SUBTITLES=\"subs\""
    echo "$name/index.m3u8"
  done
} >"$OUT/master.m3u8"

cat "$OUT/master.m3u8"
echo
for r in "${RENDITIONS[@]}"; do
  read -r name _ <<<"$r"
  printf '%-5s %8s bytes\n' "$name" "$(du -sb "$OUT/$name" | cut -f1)"
done
printf '%-5s %8s bytes\n' subs "$(du -sb "$OUT/subs" | cut -f1)"
total="$(du -sb "$OUT" | cut -f1)"
printf 'total %8s bytes (limit %s)\n' "$total" "$MAX_BYTES"
((total <= MAX_BYTES)) || { echo "output too big" >&2; exit 1; }
