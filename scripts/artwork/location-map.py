"""Draws assets/images/plans/location-map.svg (입지 개략도, schematic). Run from the project root: python3 scripts/artwork/location-map.py"""
import random
F = 'font-family="Pretendard Variable, Noto Sans KR, sans-serif"'
W, H = 1200, 800
o = []
a = o.append
a(f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}">')
a('<title>라움하임 평촌 센트럴 입지 개략도</title>')
a('<defs>')
a('<pattern id="hatch" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="12" height="12" fill="#efe4cf"/><line x1="0" y1="0" x2="0" y2="12" stroke="#dcc89f" stroke-width="5"/></pattern>')
a('<filter id="shadow" x="-20%" y="-20%" width="140%" height="160%"><feDropShadow dx="0" dy="3" stdDeviation="4" flood-color="#0f1f3d" flood-opacity=".28"/></filter>')
a('</defs>')
# base: city blocks
a(f'<rect width="{W}" height="{H}" fill="#e9e5db"/>')
# minor streets grid
a('<g stroke="#f8f6f1" stroke-width="10">')
for x in (130, 420, 700, 980):
    a(f'<line x1="{x}" y1="0" x2="{x}" y2="{H}"/>')
for y in (90, 300, 640):
    a(f'<line x1="0" y1="{y}" x2="{W}" y2="{y}"/>')
a('</g>')
# riverside green + stream (학의천)
stream = "M-20 200 C160 140 300 230 500 176 S840 96 1000 150 S1160 190 1220 168"
a(f'<path d="{stream}" fill="none" stroke="#cfe2bf" stroke-width="84" stroke-linecap="round"/>')
a(f'<path d="{stream}" fill="none" stroke="#8fc1dc" stroke-width="26" stroke-linecap="round"/>')
a(f'<path d="{stream}" fill="none" stroke="#b7d9ea" stroke-width="6" stroke-linecap="round" stroke-dasharray="30 40"/>')
# parks
a('<rect x="250" y="584" width="240" height="150" rx="18" fill="#bcd8a8"/>')
a('<rect x="600" y="684" width="170" height="96" rx="14" fill="#cfe2bf"/>')
rnd = random.Random(7)
a('<g fill="#8fbf7f">')
for _ in range(26):
    x = rnd.uniform(266, 474); y = rnd.uniform(600, 718)
    if 300 < x < 440 and 636 < y < 690: continue
    a(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{rnd.uniform(7,12):.0f}"/>')
for _ in range(14):
    x = rnd.uniform(20, 1180); y = 168 + rnd.choice([-1, 1]) * rnd.uniform(30, 40) + (0)
    a(f'<circle cx="{x:.0f}" cy="{y - (x/1200)*20:.0f}" r="{rnd.uniform(5,8):.0f}" opacity=".8"/>')
a('</g>')
# academy district
a('<rect x="170" y="312" width="240" height="110" rx="12" fill="url(#hatch)" stroke="#cdb486" stroke-width="2"/>')
# expressway
exp = "M1080 -20 C1100 200 1150 360 1130 520 S1100 720 1110 820"
a(f'<path d="{exp}" fill="none" stroke="#7d8aa3" stroke-width="34"/>')
a(f'<path d="{exp}" fill="none" stroke="#c9d0dc" stroke-width="26"/>')
a(f'<path d="{exp}" fill="none" stroke="#ffffff" stroke-width="2" stroke-dasharray="18 14"/>')
# major roads
a('<g>')
a('<rect x="-10" y="452" width="1220" height="40" fill="#ffffff" stroke="#d3cbb9" stroke-width="2"/>')
a('<line x1="0" y1="472" x2="1200" y2="472" stroke="#e6c98f" stroke-width="2" stroke-dasharray="24 16"/>')
a('<rect x="542" y="-10" width="34" height="820" fill="#ffffff" stroke="#d3cbb9" stroke-width="2"/>')
a('<line x1="559" y1="0" x2="559" y2="800" stroke="#e6c98f" stroke-width="2" stroke-dasharray="24 16"/>')
a('<rect x="556" y="453" width="6" height="38" fill="#ffffff"/>')  # tidy crossing
a('</g>')
# subway line 4
a('<line x1="0" y1="522" x2="1200" y2="522" stroke="#00a5de" stroke-width="9"/>')
def station(x, name, anchor="middle", dx=0):
    a(f'<circle cx="{x}" cy="522" r="14" fill="#ffffff" stroke="#00a5de" stroke-width="6"/>')
    a(f'<g transform="translate({x+dx} 566)"><rect x="-70" y="-24" width="140" height="36" rx="18" fill="#00a5de"/>'
      f'<text x="0" y="2" text-anchor="middle" {F} font-size="21" font-weight="800" fill="#0f1f3d">{name}</text></g>')
station(300, "4호선 범계역")
station(820, "4호선 평촌역")
a(f'<text x="16" y="552" {F} font-size="16" font-weight="600" fill="#1b2f57">← 금정 방면</text>')
a(f'<text x="1060" y="552" text-anchor="end" {F} font-size="16" font-weight="600" fill="#1b2f57">인덕원 방면 →</text>')
# road labels
halo = 'paint-order="stroke" stroke="#ffffff" stroke-width="5" stroke-linejoin="round"'
a(f'<text x="690" y="478" text-anchor="middle" {F} font-size="18" font-weight="700" fill="#5b6270">시민대로</text>')
a(f'<text transform="translate(565 395) rotate(-90)" text-anchor="middle" {F} font-size="18" font-weight="700" fill="#5b6270">평촌대로</text>')
a(f'<text transform="translate(1148 330) rotate(84)" text-anchor="middle" {F} font-size="17" font-weight="700" fill="#1b2f57" {halo}>수도권제1순환고속도로</text>')
a(f'<text x="210" y="178" text-anchor="middle" {F} font-size="22" font-weight="800" fill="#2b6f96" {halo}>학의천</text>')
a(f'<text x="370" y="670" text-anchor="middle" {F} font-size="22" font-weight="800" fill="#2f5f2a" {halo}>중앙공원</text>')
a(f'<text x="290" y="374" text-anchor="middle" {F} font-size="22" font-weight="800" fill="#6b4f22" {halo}>평촌 학원가</text>')
# facilities (pin with letter)
def poi(x, y, letter, name, color="#1b2f57", lx=0, ly=40, anchor="middle"):
    a(f'<circle cx="{x}" cy="{y}" r="19" fill="{color}" stroke="#ffffff" stroke-width="3"/>')
    a(f'<text x="{x}" y="{y+7}" text-anchor="middle" {F} font-size="19" font-weight="800" fill="#ffffff">{letter}</text>')
    a(f'<text x="{x+lx}" y="{y+ly}" text-anchor="{anchor}" {F} font-size="19" font-weight="700" fill="#0f1f3d" {halo}>{name}</text>')
poi(700, 252, "초", "초등학교")
poi(460, 250, "고", "고등학교")
poi(900, 340, "중", "중학교")
poi(180, 600, "백", "백화점", "#84642f")
poi(680, 600, "마", "대형마트", "#84642f")
poi(930, 612, "시", "안양시청", "#3d5a86")
poi(1000, 400, "병", "종합병원", "#c4532d")
# site
a('<g filter="url(#shadow)">')
a('<path d="M602 322 H772 V436 H602 Z" fill="#a9834a" stroke="#ffffff" stroke-width="4"/>')
a('</g>')
a('<g fill="#ffffff" opacity=".9">')
for x in (622, 656, 690, 724):
    a(f'<rect x="{x}" y="352" width="24" height="12" rx="2"/>')
    a(f'<rect x="{x}" y="394" width="24" height="12" rx="2"/>')
a('</g>')
# callout
a('<g filter="url(#shadow)">')
a('<path d="M560 230 H814 Q826 230 826 242 V286 Q826 298 814 298 H702 L687 318 L672 298 H560 Q548 298 548 286 V242 Q548 230 560 230 Z" fill="#0f1f3d"/>')
a('</g>')
a(f'<text x="687" y="258" text-anchor="middle" {F} font-size="14" font-weight="700" fill="#d9bd8c">사업지</text>')
a(f'<text x="687" y="285" text-anchor="middle" {F} font-size="21" font-weight="800" fill="#ffffff">라움하임 평촌 센트럴</text>')
# compass + scale note
a('<g transform="translate(64 66)">')
a('<circle r="32" fill="#ffffff" stroke="#0f1f3d" stroke-width="2"/>')
a('<path d="M0 -24 L10 8 L0 2 L-10 8 Z" fill="#0f1f3d"/>')
a(f'<text x="0" y="24" text-anchor="middle" {F} font-size="14" font-weight="800" fill="#0f1f3d">N</text>')
a('</g>')
a(f'<text x="110" y="72" {F} font-size="15" font-weight="600" fill="#5b6270" {halo}>축척 없음 · 개략도</text>')
# legend
lx, ly = 850, 690
a(f'<rect x="{lx}" y="{ly}" width="330" height="96" rx="10" fill="#ffffff" fill-opacity=".94" stroke="#d3cbb9"/>')
items = [
    ('<rect x="0" y="-10" width="22" height="16" fill="#a9834a"/>', "사업지"),
    ('<line x1="0" y1="-2" x2="22" y2="-2" stroke="#00a5de" stroke-width="6"/>', "지하철 4호선"),
    ('<rect x="0" y="-10" width="22" height="16" rx="3" fill="#bcd8a8"/>', "공원 · 녹지"),
    ('<line x1="0" y1="-2" x2="22" y2="-2" stroke="#8fc1dc" stroke-width="8"/>', "하천"),
    ('<rect x="0" y="-8" width="22" height="12" fill="#ffffff" stroke="#b9ae96"/>', "주요 도로"),
    ('<circle cx="11" cy="-2" r="9" fill="#1b2f57"/>', "학교 · 시설"),
]
for i, (sym, label) in enumerate(items):
    cx = lx + 18 + (i % 2) * 160; cy = ly + 28 + (i // 2) * 26
    a(f'<g transform="translate({cx} {cy})">{sym}<text x="32" y="4" {F} font-size="15" font-weight="600" fill="#1d1d1f">{label}</text></g>')
a('</svg>')
open('assets/images/plans/location-map.svg', 'w').write('\n'.join(o) + '\n')
