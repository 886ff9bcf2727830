"""Generates the sample banner and visual artwork (original, illustrative) under assets/images/photo.
Run once by hand when the palette changes: python3 scripts/artwork/banners.py"""
import random, os
OUT = "assets/images/photo"
os.makedirs(OUT, exist_ok=True)

def skyline(w, h, seed, sky_top, sky_bottom, tower, accent, sun=True):
    rnd = random.Random(seed)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">',
             '<defs>',
             f'<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="{sky_top}"/><stop offset="1" stop-color="{sky_bottom}"/></linearGradient>',
             f'<linearGradient id="tw" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="{tower}" stop-opacity=".95"/><stop offset="1" stop-color="{tower}" stop-opacity=".75"/></linearGradient>',
             '</defs>',
             f'<rect width="{w}" height="{h}" fill="url(#sky)"/>']
    if sun:
        parts.append(f'<circle cx="{w*0.78:.0f}" cy="{h*0.34:.0f}" r="{h*0.12:.0f}" fill="{accent}" opacity=".55"/>')
    # far hills
    pts = " ".join(f"{x},{h*0.72 - rnd.random()*h*0.08:.0f}" for x in range(0, w + 120, 120))
    parts.append(f'<polygon points="0,{h} {pts} {w},{h}" fill="{tower}" opacity=".25"/>')
    # towers
    x = -20
    while x < w:
        tw = rnd.randint(int(w*0.035), int(w*0.06))
        th = rnd.randint(int(h*0.25), int(h*0.62))
        y = h - th
        parts.append(f'<rect x="{x}" y="{y}" width="{tw}" height="{th}" fill="url(#tw)"/>')
        # windows
        for wy in range(y + 14, h - 10, 18):
            if rnd.random() < 0.5:
                parts.append(f'<rect x="{x+6}" y="{wy}" width="{tw-12}" height="3" fill="{accent}" opacity=".35"/>')
        x += tw + rnd.randint(4, 24)
    parts.append(f'<rect y="{h*0.94:.0f}" width="{w}" height="{h*0.06:.0f}" fill="{tower}"/>')
    parts.append('</svg>')
    return "\n".join(parts)

palettes = {
    "banner-default": ("#0f1f3d", "#5d7bb0", "#0b1730", "#f3d39b"),
    "banner-brand": ("#1a1030", "#8a6aa8", "#140c24", "#f6c98e"),
    "banner-business": ("#0f2a3d", "#4f93b0", "#0a1e2c", "#f0e0a8"),
    "banner-sales": ("#2a1d0f", "#b58a4f", "#1e140a", "#ffe2a6"),
    "banner-location": ("#0f3d2e", "#5fb08f", "#0a2b20", "#f4eab0"),
    "banner-complex": ("#123524", "#79a86a", "#0c2418", "#fff1b8"),
    "banner-floor": ("#1d2433", "#8895b3", "#131926", "#f2d7a6"),
    "banner-interior": ("#3d2a1f", "#c49a7a", "#2a1c14", "#ffe6c7"),
    "banner-promotion": ("#0f1f3d", "#a9834a", "#0b1730", "#ffe3b0"),
}
for i, (name, (a, b, c, d)) in enumerate(palettes.items()):
    open(f"{OUT}/{name}.svg", "w").write(skyline(1920, 640, i + 7, a, b, c, d))
for i in range(1, 5):
    a, b, c, d = list(palettes.values())[i + 1]
    open(f"{OUT}/premium-{i}.svg", "w").write(skyline(800, 560, 40 + i, a, b, c, d))
open(f"{OUT}/video-poster.svg", "w").write(skyline(1300, 500, 99, "#0f1f3d", "#33507f", "#0b1730", "#f3d39b", sun=False))
# Social preview: skyline with the name set in large type.
og = skyline(1200, 630, 3, "#0f1f3d", "#5d7bb0", "#0b1730", "#f3d39b").replace("</svg>", "")
og += ('<rect x="0" y="0" width="1200" height="630" fill="#0b1730" opacity=".35"/>'
       '<text x="600" y="270" text-anchor="middle" font-family="Noto Sans CJK KR, sans-serif" font-size="44" fill="#d9bd8c" letter-spacing="6">RAUMHEIM</text>'
       '<text x="600" y="350" text-anchor="middle" font-family="Noto Sans CJK KR, sans-serif" font-weight="700" font-size="72" fill="#fff">라움하임 평촌 센트럴</text>'
       '<text x="600" y="420" text-anchor="middle" font-family="Noto Sans CJK KR, sans-serif" font-size="30" fill="#e8eaf0">지하 5층 ~ 지상 48층 · 900세대</text></svg>')
open(f"{OUT}/og-image.svg", "w").write(og)
for key in ["59a", "84a", "84b"]:
    for room, pal in [("living", ("#f5efe6", "#e7d8c3", "#b99b78", "#fff")), ("kitchen", ("#eef1f4", "#d5dde6", "#7d8fa3", "#fff"))]:
        bg, mid, dark, light = pal
        svg = f'''<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800" viewBox="0 0 1280 800">
<rect width="1280" height="800" fill="{bg}"/>
<polygon points="0,560 1280,560 1280,800 0,800" fill="{mid}"/>
<rect x="120" y="90" width="460" height="380" fill="#cfe3f2" stroke="{dark}" stroke-width="10"/>
<line x1="350" y1="90" x2="350" y2="470" stroke="{dark}" stroke-width="6"/>
<rect x="700" y="120" width="420" height="300" fill="{light}" stroke="{dark}" stroke-width="4" opacity=".9"/>
<rect x="{140 if room=='living' else 640}" y="470" width="520" height="130" rx="24" fill="{dark}"/>
<rect x="{170 if room=='living' else 670}" y="430" width="460" height="70" rx="20" fill="{dark}" opacity=".8"/>
<circle cx="1050" cy="520" r="60" fill="{dark}" opacity=".5"/>
<rect x="1040" y="520" width="20" height="120" fill="{dark}"/>
</svg>'''
        open(f"{OUT}/interior-{key}-{room}.svg", "w").write(svg)
print("ok")
