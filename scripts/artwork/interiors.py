"""Draws the interior illustrations assets/images/photo/interior-<type>-{living,kitchen}.svg
(illustrative model-house rooms, one palette per type). Run from the project root:
python3 scripts/artwork/interiors.py"""
import sys
OUT = sys.argv[1] if len(sys.argv) > 1 else "assets/images/photo"
W, H = 1280, 800
VX, VY = 640, 380                       # vanishing point
BX1, BY1, BX2, BY2 = 300, 150, 980, 560  # back wall

PALETTES = {
    "59a": dict(wall="#f4ede3", side="#ebe1d3", ceil="#faf6f0", floor="#d8b88e", plank="#c7a47a", sofa="#b99b78", sofa2="#a88a68",
                rug="#efe5d6", accent="#a9834a", wood="#9c7650", cab="#f7f3ec", cab2="#e9dfd0", stone="#f1ede6", vein="#d8cfc2", metal="#8d8d8d", dark="#3d3a36"),
    "84a": dict(wall="#eef0f2", side="#e2e6ea", ceil="#f7f8f9", floor="#cfc6ba", plank="#bdb2a4", sofa="#7d8aa3", sofa2="#6a7790",
                rug="#e6e8ec", accent="#1b2f57", wood="#8a7a68", cab="#fbfbfc", cab2="#dfe4ea", stone="#f4f4f2", vein="#d6d8dc", metal="#9aa0a8", dark="#2b3240"),
    "84b": dict(wall="#ece6df", side="#e0d8ce", ceil="#f6f2ed", floor="#8b6a4f", plank="#7a5b43", sofa="#3e4a5c", sofa2="#323d4d",
                rug="#d9cfc2", accent="#a9834a", wood="#5e4634", cab="#3a3f47", cab2="#2f343b", stone="#efebe6", vein="#cfc6bb", metal="#b39a6e", dark="#23272d"),
}

def y_at(x, y_ref, x_ref):
    """y of a line through (x_ref, y_ref) that runs to the vanishing point, at x."""
    return VY + (y_ref - VY) * (x - VX) / (x_ref - VX)

def shell(p, o):
    o.append(f'<rect width="{W}" height="{H}" fill="{p["wall"]}"/>')
    o.append(f'<polygon points="0,0 {W},0 {BX2},{BY1} {BX1},{BY1}" fill="{p["ceil"]}"/>')
    o.append(f'<polygon points="0,0 {BX1},{BY1} {BX1},{BY2} 0,{H}" fill="{p["side"]}"/>')
    o.append(f'<polygon points="{W},0 {BX2},{BY1} {BX2},{BY2} {W},{H}" fill="{p["side"]}"/>')
    o.append(f'<polygon points="0,{H} {BX1},{BY2} {BX2},{BY2} {W},{H}" fill="{p["floor"]}"/>')
    # planks converge to the vanishing point
    for x in range(BX1 + 34, BX2, 34):
        xb = VX + (x - VX) * (H - VY) / (BY2 - VY)
        o.append(f'<line x1="{x}" y1="{BY2}" x2="{xb:.0f}" y2="{H}" stroke="{p["plank"]}" stroke-width="2"/>')
    for y in (600, 660, 740):
        xl = VX + (BX1 - VX) * (y - VY) / (BY2 - VY); xr = VX + (BX2 - VX) * (y - VY) / (BY2 - VY)
        o.append(f'<line x1="{xl:.0f}" y1="{y}" x2="{xr:.0f}" y2="{y}" stroke="{p["plank"]}" stroke-width="1.5" opacity=".6"/>')
    # cove line and downlights
    o.append(f'<polygon points="60,0 {W-60},0 {BX2-20},{BY1-8} {BX1+20},{BY1-8}" fill="none" stroke="#ffffff" stroke-width="3" opacity=".8"/>')
    for x, y in ((420, 60), (640, 60), (860, 60), (500, 118), (780, 118)):
        o.append(f'<ellipse cx="{x}" cy="{y}" rx="16" ry="5" fill="#fff7e0"/>')
    # skirting
    o.append(f'<line x1="{BX1}" y1="{BY2-3}" x2="{BX2}" y2="{BY2-3}" stroke="#ffffff" stroke-width="6"/>')

def living(p):
    o = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}">',
         '<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#bcd7ee"/><stop offset="1" stop-color="#eaf2f8"/></linearGradient>'
         '<linearGradient id="sun" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff6dc" stop-opacity=".55"/><stop offset="1" stop-color="#fff6dc" stop-opacity="0"/></linearGradient></defs>']
    shell(p, o)
    # window with view
    o.append('<rect x="420" y="190" width="440" height="290" fill="url(#sky)"/>')
    o.append('<g fill="#9fb8cf" opacity=".7"><rect x="440" y="330" width="40" height="150"/><rect x="490" y="300" width="34" height="180"/><rect x="770" y="320" width="44" height="160"/></g>')
    o.append('<g fill="#8fb98a"><circle cx="560" cy="450" r="40"/><circle cx="620" cy="440" r="46"/><circle cx="690" cy="452" r="38"/><circle cx="740" cy="446" r="34"/></g>')
    o.append('<rect x="420" y="190" width="440" height="290" fill="none" stroke="#ffffff" stroke-width="10"/>')
    o.append('<path d="M640 190 V480 M420 400 H860" stroke="#ffffff" stroke-width="6"/>')
    # curtains
    for x in (380, 858):
        o.append(f'<rect x="{x}" y="176" width="42" height="384" fill="{p["cab2"]}"/>')
        o.append(f'<path d="M{x+10} 176 V560 M{x+22} 176 V560 M{x+33} 176 V560" stroke="{p["side"]}" stroke-width="2"/>')
    o.append(f'<line x1="370" y1="176" x2="910" y2="176" stroke="{p["metal"]}" stroke-width="4"/>')
    # sunlight on floor
    o.append('<polygon points="440,560 840,560 980,800 300,800" fill="url(#sun)"/>')
    # left wall art
    x1, x2 = 100, 220
    o.append(f'<polygon points="{x1},260 {x2},{y_at(x2,260,x1):.0f} {x2},{y_at(x2,440,x1):.0f} {x1},440" fill="#ffffff" stroke="{p["wood"]}" stroke-width="6"/>')
    o.append(f'<polygon points="{x1+18},{y_at(x1+18,290,x1):.0f} {x2-16},{y_at(x2-16,290,x1):.0f} {x2-16},{y_at(x2-16,410,x1):.0f} {x1+18},{y_at(x1+18,410,x1):.0f}" fill="{p["accent"]}" opacity=".35"/>')
    # right wall: stone art wall and TV
    x1, x2 = 1240, 1040
    o.append(f'<polygon points="{x2},{y_at(x2,200,x1):.0f} {x1},200 {x1},640 {x2},{y_at(x2,640,x1):.0f}" fill="{p["stone"]}"/>')
    for k in range(5):
        ya = 230 + k * 90
        o.append(f'<path d="M{x2} {y_at(x2,ya,x1):.0f} Q1140 {ya+20} {x1} {ya+40}" stroke="{p["vein"]}" stroke-width="3" fill="none"/>')
    x1, x2 = 1200, 1080
    o.append(f'<polygon points="{x2},{y_at(x2,300,x1):.0f} {x1},300 {x1},470 {x2},{y_at(x2,470,x1):.0f}" fill="{p["dark"]}"/>')
    o.append(f'<polygon points="{x2-10},{y_at(x2-10,560,x1):.0f} {x1+20},560 {x1+20},610 {x2-10},{y_at(x2-10,610,x1):.0f}" fill="{p["wood"]}"/>')
    # rug, sofa, table
    o.append(f'<polygon points="380,600 900,600 1010,720 270,720" fill="{p["rug"]}"/>')
    o.append(f'<rect x="440" y="470" width="400" height="58" rx="14" fill="{p["sofa2"]}"/>')
    o.append(f'<rect x="420" y="516" width="440" height="56" rx="12" fill="{p["sofa"]}"/>')
    o.append(f'<rect x="400" y="490" width="44" height="90" rx="14" fill="{p["sofa2"]}"/><rect x="836" y="490" width="44" height="90" rx="14" fill="{p["sofa2"]}"/>')
    o.append(f'<path d="M640 520 V568" stroke="{p["sofa2"]}" stroke-width="3"/>')
    o.append(f'<rect x="470" y="478" width="70" height="44" rx="10" fill="{p["rug"]}" opacity=".9"/><rect x="742" y="478" width="70" height="44" rx="10" fill="{p["accent"]}" opacity=".75"/>')
    o.append(f'<ellipse cx="640" cy="650" rx="150" ry="30" fill="{p["wood"]}"/><ellipse cx="640" cy="644" rx="150" ry="30" fill="{p["cab2"]}"/>')
    o.append(f'<rect x="626" y="662" width="28" height="40" fill="{p["wood"]}"/>')
    o.append(f'<rect x="600" y="626" width="46" height="8" rx="2" fill="{p["accent"]}"/><circle cx="690" cy="632" r="9" fill="#ffffff"/>')
    # floor lamp and plant
    o.append(f'<line x1="948" y1="330" x2="948" y2="600" stroke="{p["metal"]}" stroke-width="5"/><ellipse cx="948" cy="602" rx="24" ry="6" fill="{p["metal"]}"/>')
    o.append(f'<path d="M918 330 H978 L966 290 H930 Z" fill="#fff4d8" stroke="{p["metal"]}" stroke-width="2"/>')
    o.append(f'<path d="M326 600 H370 L362 540 H334 Z" fill="{p["wood"]}"/>')
    o.append('<g fill="#6f9e63"><ellipse cx="336" cy="512" rx="12" ry="32" transform="rotate(-20 336 512)"/><ellipse cx="360" cy="506" rx="12" ry="36" transform="rotate(18 360 506)"/><ellipse cx="348" cy="496" rx="10" ry="38"/></g>')
    o.append('</svg>')
    return "\n".join(o) + "\n"

def kitchen(p):
    o = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}">']
    shell(p, o)
    # upper cabinets, hood, backsplash, counter, lower cabinets
    o.append(f'<rect x="320" y="170" width="640" height="126" fill="{p["cab"]}" stroke="{p["cab2"]}" stroke-width="3"/>')
    for x in range(400, 960, 80):
        o.append(f'<line x1="{x}" y1="170" x2="{x}" y2="296" stroke="{p["cab2"]}" stroke-width="3"/>')
    o.append(f'<rect x="600" y="170" width="80" height="126" fill="{p["metal"]}"/><polygon points="590,296 690,296 680,318 600,318" fill="{p["metal"]}"/>')
    o.append(f'<rect x="320" y="318" width="640" height="116" fill="{p["stone"]}"/>')
    for y in (347, 376, 405):
        o.append(f'<line x1="320" y1="{y}" x2="960" y2="{y}" stroke="{p["vein"]}" stroke-width="1.5"/>')
    for x in range(360, 960, 58):
        o.append(f'<line x1="{x}" y1="318" x2="{x}" y2="434" stroke="{p["vein"]}" stroke-width="1.5" opacity=".7"/>')
    o.append(f'<rect x="310" y="432" width="660" height="16" fill="{p["stone"]}" stroke="{p["vein"]}" stroke-width="2"/>')
    o.append(f'<rect x="320" y="448" width="640" height="108" fill="{p["cab"]}" stroke="{p["cab2"]}" stroke-width="3"/>')
    for x in range(400, 960, 80):
        o.append(f'<line x1="{x}" y1="448" x2="{x}" y2="556" stroke="{p["cab2"]}" stroke-width="3"/>')
        o.append(f'<line x1="{x-52}" y1="462" x2="{x-28}" y2="462" stroke="{p["metal"]}" stroke-width="4" stroke-linecap="round"/>')
    # cooktop, faucet, kettle, jars
    o.append(f'<rect x="596" y="426" width="88" height="8" fill="{p["dark"]}"/>')
    o.append(f'<path d="M420 432 V404 Q420 392 432 392 H444" stroke="{p["metal"]}" stroke-width="5" fill="none"/>')
    o.append(f'<rect x="800" y="396" width="22" height="36" rx="4" fill="{p["accent"]}" opacity=".8"/><rect x="830" y="404" width="18" height="28" rx="4" fill="#ffffff"/>')
    # right wall: tall cabinets / fridge
    x1, x2 = 1250, 1000
    o.append(f'<polygon points="{x2},{y_at(x2,160,x1):.0f} {x1},160 {x1},740 {x2},{y_at(x2,740,x1):.0f}" fill="{p["cab"]}" stroke="{p["cab2"]}" stroke-width="3"/>')
    for xx in (1080, 1165):
        o.append(f'<line x1="{xx}" y1="{y_at(xx,160,x1):.0f}" x2="{xx}" y2="{y_at(xx,740,x1):.0f}" stroke="{p["cab2"]}" stroke-width="3"/>')
    for xx in (1070, 1155, 1238):
        o.append(f'<line x1="{xx}" y1="{y_at(xx,400,x1):.0f}" x2="{xx}" y2="{y_at(xx,470,x1):.0f}" stroke="{p["metal"]}" stroke-width="4"/>')
    # left wall: open shelves with dishes
    x1, x2 = 60, 250
    for yy in (260, 340):
        o.append(f'<polygon points="{x1},{yy} {x2},{y_at(x2,yy,x1):.0f} {x2},{y_at(x2,yy,x1)+10:.0f} {x1},{yy+12}" fill="{p["wood"]}"/>')
    for cx, yy in ((100, 240), (150, 246), (200, 252), (110, 320), (180, 328)):
        o.append(f'<ellipse cx="{cx}" cy="{yy}" rx="16" ry="20" fill="#ffffff" stroke="{p["cab2"]}" stroke-width="2"/>')
    # window light on floor
    o.append('<polygon points="380,560 900,560 1010,800 270,800" fill="#fff6dc" opacity=".18"/>')
    # pendants
    for x in (520, 640, 760):
        o.append(f'<line x1="{x}" y1="0" x2="{x}" y2="330" stroke="{p["dark"]}" stroke-width="2"/>')
        o.append(f'<path d="M{x-30} 362 Q{x-30} 330 {x} 330 Q{x+30} 330 {x+30} 362 Z" fill="{p["accent"]}"/>')
        o.append(f'<ellipse cx="{x}" cy="364" rx="22" ry="5" fill="#fff4d8"/>')
    # island
    o.append(f'<polygon points="370,596 910,596 980,646 300,646" fill="{p["stone"]}"/>')
    o.append(f'<polygon points="370,596 910,596 980,646 300,646" fill="none" stroke="{p["vein"]}" stroke-width="2"/>')
    o.append(f'<rect x="300" y="646" width="680" height="118" fill="{p["cab2"]}"/>')
    o.append(f'<rect x="300" y="646" width="680" height="14" fill="{p["stone"]}"/>')
    o.append(f'<path d="M420 610 Q500 630 600 612 M700 620 Q800 640 880 620" stroke="{p["vein"]}" stroke-width="2" fill="none"/>')
    o.append(f'<ellipse cx="720" cy="612" rx="40" ry="8" fill="#ffffff" stroke="{p["cab2"]}"/><circle cx="712" cy="606" r="7" fill="#e58f4f"/><circle cx="728" cy="606" r="7" fill="#9cc36e"/>')
    # stools
    for x in (440, 640, 840):
        o.append(f'<line x1="{x-22}" y1="720" x2="{x-30}" y2="800" stroke="{p["dark"]}" stroke-width="5"/><line x1="{x+22}" y1="720" x2="{x+30}" y2="800" stroke="{p["dark"]}" stroke-width="5"/>')
        o.append(f'<ellipse cx="{x}" cy="716" rx="44" ry="12" fill="{p["wood"]}"/>')
    o.append('</svg>')
    return "\n".join(o) + "\n"

for key, p in PALETTES.items():
    open(f"{OUT}/interior-{key}-living.svg", "w").write(living(p))
    open(f"{OUT}/interior-{key}-kitchen.svg", "w").write(kitchen(p))
print("interiors written to", OUT)
