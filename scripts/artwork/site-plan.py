"""Draws assets/images/plans/site-plan.svg (단지배치도, illustrative). Run from the project root: python3 scripts/artwork/site-plan.py"""
import random, math
F = 'font-family="Pretendard Variable, Noto Sans KR, sans-serif"'
W, H = 1200, 900
NAVY, GOLD, GREEN, PAVE, WATER, PLAY, ROAD, GATE, RAMP = "#0f1f3d", "#a9834a", "#a8cc95", "#ebe3d2", "#8fc1dc", "#f0c36a", "#9aa3b5", "#2f6fad", "#c4532d"
halo = 'paint-order="stroke" stroke="#ffffff" stroke-width="5" stroke-linejoin="round"'
o = []; a = o.append
def text(x, y, s, size=18, weight=700, fill=NAVY, anchor="middle", extra=""):
    a(f'<text x="{x}" y="{y}" text-anchor="{anchor}" {F} font-size="{size}" font-weight="{weight}" fill="{fill}" {extra}>{s}</text>')
a(f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}">')
a('<title>라움하임 평촌 센트럴 단지배치도</title>')
a('<defs><filter id="sh" x="-10%" y="-20%" width="130%" height="160%"><feDropShadow dx="6" dy="8" stdDeviation="5" flood-color="#0f1f3d" flood-opacity=".3"/></filter></defs>')
a(f'<rect width="{W}" height="{H}" fill="#eeeae1"/>')
# surrounding roads
a('<rect x="0" y="800" width="1200" height="100" fill="#ffffff"/>')
a('<line x1="0" y1="850" x2="1200" y2="850" stroke="#e6c98f" stroke-width="3" stroke-dasharray="30 20"/>')
a('<rect x="0" y="0" width="86" height="800" fill="#ffffff"/>')
a('<line x1="43" y1="0" x2="43" y2="800" stroke="#e6c98f" stroke-width="3" stroke-dasharray="30 20"/>')
a('<rect x="86" y="0" width="1114" height="60" fill="#f8f6f1"/>')
a('<rect x="1134" y="60" width="66" height="740" fill="#f8f6f1"/>')
a('<path d="M0 800 H1200 M86 0 V800 M86 60 H1134 V800" stroke="#d3cbb9" stroke-width="2" fill="none"/>')
text(760, 886, "시민대로", 20, 700, "#5b6270", extra='paint-order="stroke" stroke="#ffffff" stroke-width="8"')
a(f'<text transform="translate(50 560) rotate(-90)" text-anchor="middle" {F} font-size="20" font-weight="700" fill="#5b6270" paint-order="stroke" stroke="#ffffff" stroke-width="8">평촌대로</text>')
text(820, 38, "단지 북측 도로", 16, 600, "#5b6270")
a(f'<text transform="translate(1174 560) rotate(90)" text-anchor="middle" {F} font-size="16" font-weight="600" fill="#5b6270">단지 동측 도로</text>')
# site ground
a(f'<rect x="116" y="92" width="988" height="682" rx="16" fill="{GREEN}" stroke="#ffffff" stroke-width="4"/>')
# emergency loop
loop = "M200 150 H1030 Q1050 150 1050 170 V700 Q1050 720 1030 720 H200 Q180 720 180 700 V170 Q180 150 200 150 Z"
a(f'<path d="{loop}" fill="none" stroke="{ROAD}" stroke-width="16"/>')
a(f'<path d="{loop}" fill="none" stroke="#ffffff" stroke-width="2" stroke-dasharray="14 12" opacity=".8"/>')
# paving
a(f'<path d="M470 774 V500" stroke="{PAVE}" stroke-width="56"/>')
a(f'<ellipse cx="610" cy="417" rx="220" ry="100" fill="{PAVE}"/>')
a(f'<path d="M830 417 H1104 M116 290 H180 M600 92 V150 M600 150 V318" stroke="{PAVE}" stroke-width="28"/>')
a(f'<path d="M116 500 H390" stroke="{PAVE}" stroke-width="24"/>')
# walking trail (산책로)
a(f'<path d="M200 520 C260 480 330 540 390 500 M840 520 C900 560 960 500 1030 540 M610 517 C630 560 700 560 720 600" fill="none" stroke="{PAVE}" stroke-width="12" stroke-linecap="round" stroke-dasharray="2 0"/>')
# water feature
a(f'<ellipse cx="660" cy="420" rx="92" ry="38" fill="{WATER}" stroke="#ffffff" stroke-width="4"/>')
a(f'<path d="M612 418 Q660 400 708 418" stroke="#ffffff" stroke-width="3" fill="none" opacity=".75"/>')
# playgrounds
plays = [(467, 214, 32), (785, 690, 34)]
for x, y, r in plays:
    a(f'<circle cx="{x}" cy="{y}" r="{r}" fill="{PLAY}" stroke="#ffffff" stroke-width="4"/>')
# facilities
facilities = [(220, 360, 140, 100, "커뮤니티센터", 19), (880, 330, 110, 56, "어린이집", 17), (880, 404, 110, 50, "경로당", 17), (240, 676, 110, 44, "관리동", 17)]
for x, y, w, h, label, size in facilities:
    a(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="{GOLD}" stroke="#ffffff" stroke-width="3"/>')
# trees (avoid everything above)
towers = [("101동", 48, 230, 180), ("102동", 47, 525, 176), ("103동", 47, 815, 180),
          ("104동", 42, 210, 590), ("105동", 27, 560, 600), ("106동", 27, 840, 590)]
TW, TH = 180, 64
blocked = [(x - 14, y - 14, x + TW + 20, y + TH + 22) for _, _, x, y in towers]
blocked += [(x - 8, y - 8, x + w + 8, y + h + 8) for x, y, w, h, *_ in facilities]
blocked += [(x - r - 8, y - r - 8, x + r + 8, y + r + 8) for x, y, r in plays]
blocked += [(380, 310, 840, 525), (436, 490, 504, 780), (166, 136, 1064, 164), (166, 706, 1064, 734), (166, 136, 194, 734), (1036, 136, 1064, 734)]
blocked += [(830, 400, 1110, 434), (100, 276, 194, 304), (584, 86, 616, 320), (100, 486, 396, 514)]
def free(x, y, r):
    if not (124 + r < x < 1096 - r and 100 + r < y < 766 - r): return False
    return not any(x1 - r < x < x2 + r and y1 - r < y < y2 + r for x1, y1, x2, y2 in blocked)
rnd = random.Random(3)
trees = []
for _ in range(4000):
    x, y, r = rnd.uniform(120, 1100), rnd.uniform(96, 770), rnd.uniform(9, 15)
    if free(x, y, r) and all((x - tx) ** 2 + (y - ty) ** 2 > (r + tr + 3) ** 2 for tx, ty, tr in trees):
        trees.append((x, y, r))
    if len(trees) > 150: break
a('<g>')
for x, y, r in trees:
    a(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{r:.0f}" fill="#6fa05f"/><circle cx="{x - r*0.3:.0f}" cy="{y - r*0.3:.0f}" r="{r*0.45:.0f}" fill="#8fbf7f"/>')
a('</g>')
# towers
for name, floors, x, y in towers:
    a(f'<g filter="url(#sh)"><path d="M{x} {y+6} Q{x} {y} {x+6} {y} H{x+TW-6} Q{x+TW} {y} {x+TW} {y+6} V{y+TH-6} Q{x+TW} {y+TH} {x+TW-6} {y+TH} H{x+118} V{y+TH+8} H{x+62} V{y+TH} H{x+6} Q{x} {y+TH} {x} {y+TH-6} Z" fill="{NAVY}"/></g>')
    a(f'<line x1="{x+10}" y1="{y+TH-8}" x2="{x+TW-10}" y2="{y+TH-8}" stroke="#d9bd8c" stroke-width="2" opacity=".6"/>')
    text(x + TW / 2, y + 32, name, 26, 800, "#ffffff")
    text(x + TW / 2, y + 51, f"지상 {floors}층", 14, 600, "#d9bd8c")
# facility labels
for x, y, w, h, label, size in facilities:
    text(x + w / 2, y + h / 2 + size * 0.36, label, size, 800, NAVY)
text(660, 427, "수경시설", 17, 800, "#0f3b57")
text(520, 360, "중앙 숲광장", 20, 800, "#6b4f22", extra=halo)
for x, y, r in plays:
    text(x, y + 6, "놀이터", 15, 800, "#5a3d00")
text(310, 548, "산책로", 15, 700, "#2f5f2a", extra=halo)
# gates (blue) and ramps (red)
def gate(x, y, label, lx, ly, anchor="middle", rot=-90):
    a(f'<circle cx="{x}" cy="{y}" r="16" fill="{GATE}" stroke="#ffffff" stroke-width="4"/>')
    a(f'<path d="M{x-6} {y} H{x+6} M{x+1} {y-5} L{x+6} {y} L{x+1} {y+5}" stroke="#ffffff" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round" transform="rotate({rot} {x} {y})"/>')
    text(lx, ly, label, 17, 800, GATE, anchor, halo)
gate(470, 774, "주출입구", 470, 822)
gate(1104, 417, "부출입구", 1090, 390, "end", 180)
gate(116, 290, "보행 출입구", 130, 330, "start", 0)
gate(600, 92, "보행 출입구", 620, 84, "start", 90)
def ramp(x, y, label, lx, ly, anchor="middle", rot=0):
    a(f'<g transform="rotate({rot} {x} {y})"><rect x="{x-20}" y="{y-30}" width="40" height="60" rx="6" fill="{RAMP}" stroke="#ffffff" stroke-width="3"/>'
      f'<path d="M{x} {y-16} V{y+14} M{x-8} {y+6} L{x} {y+14} L{x+8} {y+6}" stroke="#ffffff" stroke-width="3.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/></g>')
    text(lx, ly, label, 16, 800, "#9c3a1a", anchor, halo)
ramp(960, 762, "지하주차장 출입구", 960, 822)
ramp(1092, 250, "지하주차장 출입구", 1090, 300, "end", 90)
# compass
a('<g transform="translate(1150 860)"><circle r="26" fill="#ffffff" stroke="#0f1f3d" stroke-width="2"/><path d="M0 -19 L8 6 L0 1 L-8 6 Z" fill="#0f1f3d"/>'
  f'<text x="0" y="20" text-anchor="middle" {F} font-size="11" font-weight="800" fill="#0f1f3d">N</text></g>')
text(22, 884, "축척 없음 · 개략도", 14, 600, "#5b6270", "start")
a('</svg>')
open('assets/images/plans/site-plan.svg', 'w').write('\n'.join(o) + '\n')
