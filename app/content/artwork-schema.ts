import { z } from "zod";
import { fieldMeta as m } from "./field-meta";

const text = z.string().trim().min(1);
const name = (description: string) => text.meta(m("이름", description));
const coordinate = (title: string, description: string) => z.number().meta(m(title, description));
const point = z.object({
  x: coordinate("가로 위치 (x)", "그림 왼쪽에서부터의 거리입니다 (그림의 픽셀 단위)."),
  y: coordinate("세로 위치 (y)", "그림 위쪽에서부터의 거리입니다 (그림의 픽셀 단위)."),
});
const box = point.extend({
  width: z.number().positive().meta(m("너비", "가로 길이입니다 (그림의 픽셀 단위).")),
  height: z.number().positive().meta(m("높이", "세로 길이입니다 (그림의 픽셀 단위).")),
});
/** Where a name is set on the drawing. */
const labelAt = (description: string) => point.meta(m("이름 위치", description));
const svgPath = (title: string, description: string) =>
  z.string().meta(m(title, `${description} SVG 경로 데이터로 적습니다 (예: M 0 100 L 400 120).`));

/**
 * The location map (입지 개략도) as a schematic drawing, in the coordinates of its image
 * (infoPages.locationPage.map): x to the east, y to the south.
 */
const locationMapSchema = z.object({
  /** Minor streets: x of each north–south one, y of each east–west one. */
  streets: z
    .object({
      x: z
        .array(coordinate("가로 위치 (x)", "남북 방향 길의 가로 위치입니다."))
        .meta(m("남북 방향 길", "남북으로 난 작은 길마다 그 가로 위치(x)입니다.")),
      y: z
        .array(coordinate("세로 위치 (y)", "동서 방향 길의 세로 위치입니다."))
        .meta(m("동서 방향 길", "동서로 난 작은 길마다 그 세로 위치(y)입니다.")),
    })
    .meta(m("작은 길", "지도 위 작은 길들의 위치입니다.")),
  /** A stream: its course (SVG path data), where its name goes, and trees along its banks. */
  stream: z
    .object({
      name: name("하천의 이름입니다."),
      path: svgPath("물길", "하천이 흐르는 선입니다."),
      label: labelAt("하천 이름이 놓이는 곳입니다."),
      /** Trees scattered either side of a line from (0, fromY) to (map width, toY). */
      trees: z
        .object({
          count: z.number().int().nonnegative().meta(m("나무 수", "하천가에 심을 나무 수입니다.")),
          fromY: coordinate("왼쪽 끝 y", "나무 줄이 지도 왼쪽 끝에서 놓이는 세로 위치입니다."),
          toY: coordinate("오른쪽 끝 y", "나무 줄이 지도 오른쪽 끝에서 놓이는 세로 위치입니다."),
        })
        .meta(m("하천가 나무", "하천 양쪽에 흩어 심는 나무입니다.")),
    })
    .meta(m("하천", "지도 위 하천의 물길, 이름, 나무입니다."))
    .optional(),
  /** Named parks with trees (the label's place stays clear of them). */
  parks: z
    .array(
      box
        .extend({
          name: name("공원의 이름입니다."),
          label: labelAt("공원 이름이 놓이는 곳입니다 (나무가 비켜 갑니다)."),
          trees: z.number().int().nonnegative().meta(m("나무 수", "공원에 심을 나무 수입니다.")),
        })
        .meta(m("공원", "이름 있는 공원 하나입니다.")),
    )
    .meta(m("공원", "이름 있는 공원들입니다.")),
  /** Smaller unnamed green areas. */
  greens: z
    .array(box.meta(m("녹지", "작은 녹지 하나의 자리입니다.")))
    .meta(m("녹지", "이름 없는 작은 녹지들입니다.")),
  /** Hatched districts such as an academy street. */
  districts: z
    .array(
      box
        .extend({
          name: name("구역의 이름입니다 (예: 평촌 학원가)."),
          label: labelAt("구역 이름이 놓이는 곳입니다."),
        })
        .meta(m("구역", "빗금 친 구역 하나입니다.")),
    )
    .meta(m("구역", "학원가처럼 빗금으로 표시하는 구역입니다.")),
  expressway: z
    .object({
      name: name("고속도로의 이름입니다."),
      path: svgPath("도로 선", "고속도로가 지나는 선입니다."),
      label: point
        .extend({
          angle: z.number().meta(m("기울기(도)", "이름 글씨를 기울이는 각도입니다.")),
        })
        .meta(m("이름 위치", "고속도로 이름이 놓이는 곳과 기울기입니다.")),
    })
    .meta(m("고속도로", "지도 위 고속도로입니다."))
    .optional(),
  /** Major roads, straight across the map; `labelAt` is where along the road its name goes. */
  roads: z
    .array(
      z
        .object({
          name: name("도로의 이름입니다."),
          direction: z
            .enum(["east-west", "north-south"])
            .meta(m("방향", "east-west(동서) 또는 north-south(남북)입니다.")),
          at: coordinate("위치", "동서 도로면 세로 위치(y), 남북 도로면 가로 위치(x)입니다."),
          width: z.number().positive().meta(m("폭", "도로의 폭입니다 (그림의 픽셀 단위).")),
          labelAt: coordinate("이름 위치", "도로를 따라 이름이 놓이는 곳입니다."),
        })
        .meta(m("큰 도로", "지도를 가로지르는 곧은 도로 하나입니다.")),
    )
    .meta(m("큰 도로", "지도를 곧게 가로지르는 큰 도로들입니다.")),
  /** A subway line across the map at `y`, its stations, and where it leads each way. */
  subway: z
    .object({
      name: name("노선의 이름입니다 (예: 4호선)."),
      color: z
        .string()
        .regex(/^#[0-9a-f]{6}$/i)
        .meta(m("노선 색", "노선의 색입니다 (#rrggbb).")),
      y: coordinate("세로 위치 (y)", "노선이 지나는 세로 위치입니다."),
      stations: z
        .array(
          z
            .object({
              x: coordinate("가로 위치 (x)", "역의 가로 위치입니다."),
              name: name("역의 이름입니다."),
            })
            .meta(m("역", "역 하나입니다.")),
        )
        .meta(m("역", "노선 위의 역들입니다.")),
      west: text.meta(m("서쪽 방면", "노선의 서쪽 끝이 향하는 곳입니다 (예: 서울역 방면).")),
      east: text.meta(m("동쪽 방면", "노선의 동쪽 끝이 향하는 곳입니다.")),
    })
    .meta(m("지하철", "지도를 가로지르는 지하철 노선과 역입니다.")),
  /** Schools and facilities: a lettered pin coloured by kind, with the name under it. */
  places: z
    .array(
      point
        .extend({
          letter: text.meta(m("표시 글자", "핀에 쓰는 글자입니다 (예: A).")),
          name: name("시설의 이름입니다."),
          kind: z
            .enum(["education", "shopping", "public", "medical"])
            .meta(
              m(
                "종류",
                "핀의 색을 정합니다: education(교육), shopping(쇼핑), public(공공), medical(의료).",
              ),
            ),
        })
        .meta(m("시설", "학교나 생활 시설 하나입니다.")),
    )
    .meta(m("주변 시설", "글자 핀으로 표시하는 학교와 생활 시설입니다.")),
  /** The site itself, with a callout naming the complex above it. */
  site: box.meta(m("단지 자리", "단지가 들어서는 자리입니다. 그 위에 단지 이름이 표시됩니다.")),
});

/** An entrance on the site plan: its mark, which way its arrow points (degrees), its name's place. */
const entrance = (title: string, description: string) =>
  point
    .extend({
      name: name("출입구의 이름입니다."),
      rotate: z.number().meta(m("화살표 방향(도)", "화살표가 가리키는 방향의 각도입니다.")),
      label: point
        .extend({
          anchor: z
            .enum(["start", "middle", "end"])
            .meta(
              m(
                "글씨 맞춤",
                "이름 글씨를 위치의 start(왼쪽), middle(가운데), end(오른쪽)에 맞춥니다.",
              ),
            )
            .optional(),
        })
        .meta(m("이름 위치", "출입구 이름이 놓이는 곳입니다.")),
    })
    .meta(m(title, description));

const ellipse = {
  rx: z.number().meta(m("가로 반지름", "타원의 가로 반지름입니다.")),
  ry: z.number().meta(m("세로 반지름", "타원의 세로 반지름입니다.")),
};

/**
 * The site plan (단지배치도, infoPages.sitePlan.image) as a drawing 1200 × 900: roads on four
 * sides, the site's grounds inside them. Buildings are those of infoPages.unitPositions.
 */
const sitePlanSchema = z.object({
  /** Names of the roads around the site: the wide ones south and west, the narrow ones north and east. */
  roads: z
    .object({
      south: text.meta(m("남쪽 도로", "남쪽 넓은 도로의 이름입니다.")),
      west: text.meta(m("서쪽 도로", "서쪽 넓은 도로의 이름입니다.")),
      north: text.meta(m("북쪽 도로", "북쪽 좁은 도로의 이름입니다.")),
      east: text.meta(m("동쪽 도로", "동쪽 좁은 도로의 이름입니다.")),
    })
    .meta(m("둘레 도로", "단지 네 쪽 도로의 이름입니다.")),
  /** Where each building (by its unitPositions name) stands: the top-left corner of its footprint. */
  buildings: z
    .array(
      point
        .extend({ name: name("동 이름입니다 (동호수 배치도의 동 이름과 같게).") })
        .meta(m("동", "한 동의 자리(왼쪽 위 모서리)입니다.")),
    )
    .meta(m("동 자리", "동마다 서 있는 자리입니다 (왼쪽 위 모서리).")),
  /** Community buildings. */
  facilities: z
    .array(
      box.extend({ name: name("시설의 이름입니다.") }).meta(m("시설", "커뮤니티 건물 하나입니다.")),
    )
    .meta(m("커뮤니티 건물", "커뮤니티 건물들의 자리입니다.")),
  playgrounds: z
    .array(
      point
        .extend({ r: z.number().positive().meta(m("반지름", "놀이터 원의 반지름입니다.")) })
        .meta(m("놀이터", "놀이터 하나(원)입니다.")),
    )
    .meta(m("놀이터", "놀이터들의 자리입니다.")),
  /** The central plaza (an ellipse) and the place of its name. */
  plaza: point
    .extend({
      ...ellipse,
      name: name("광장의 이름입니다."),
      label: labelAt("광장 이름이 놓이는 곳입니다."),
    })
    .meta(m("중앙 광장", "타원으로 그리는 중앙 광장과 그 이름입니다.")),
  /** A pool or water feature (an ellipse), named at its centre. */
  water: point
    .extend({ ...ellipse, name: name("수경시설의 이름입니다 (가운데에 표시).") })
    .meta(m("수경시설", "타원으로 그리는 연못이나 수경시설입니다.")),
  /** The emergency road around the grounds (a rounded rectangle). */
  fireLane: box.meta(m("비상 차로", "단지 둘레의 비상 차로(둥근 네모)입니다.")),
  /** Paved walks: SVG path data and width. */
  walks: z
    .array(
      z
        .object({
          path: svgPath("길 선", "산책로가 지나는 선입니다."),
          width: z.number().positive().meta(m("폭", "길의 폭입니다.")),
        })
        .meta(m("포장 보도", "포장된 보도 하나입니다.")),
    )
    .meta(m("포장 보도", "단지 안의 포장된 보도입니다.")),
  /** A walking trail (SVG path data) and the place of its name. */
  trail: z
    .object({
      path: svgPath("길 선", "산책로가 지나는 선입니다."),
      name: name("산책로의 이름입니다."),
      label: labelAt("산책로 이름이 놓이는 곳입니다."),
    })
    .meta(m("산책로", "이름 있는 산책로입니다.")),
  /** Entrances for people and cars. */
  gates: z
    .array(entrance("출입구", "사람과 차가 드나드는 출입구 하나입니다."))
    .meta(m("출입구", "사람과 차의 출입구입니다.")),
  /** Entrances to the underground car park. */
  ramps: z
    .array(entrance("주차장 입구", "지하 주차장 입구 하나입니다."))
    .meta(m("지하 주차장 입구", "지하 주차장으로 들어가는 입구입니다.")),
  /** Areas kept free of trees besides buildings, facilities, playgrounds and the fire lane: x1, y1, x2, y2. */
  clear: z
    .array(
      z
        .tuple([
          coordinate("왼쪽 끝 (x1)", "비울 구역의 왼쪽 끝입니다."),
          coordinate("위쪽 끝 (y1)", "비울 구역의 위쪽 끝입니다."),
          coordinate("오른쪽 끝 (x2)", "비울 구역의 오른쪽 끝입니다."),
          coordinate("아래쪽 끝 (y2)", "비울 구역의 아래쪽 끝입니다."),
        ])
        .meta(m("빈 구역", "나무를 심지 않을 네모 구역 하나입니다 (x1, y1, x2, y2).")),
    )
    .meta(m("나무 없는 구역", "건물, 시설, 놀이터, 비상 차로 말고도 나무를 심지 않을 구역입니다.")),
});

/**
 * What the artwork generators (scripts/artwork/) need about a complex that the rest of its content
 * does not say. Optional in content: a complex without it gets no drawing that needs it.
 */
export const artworkSchema = z.object({
  locationMap: locationMapSchema
    .meta(m("입지 개략도 자료", "입지 개략도를 그리는 자료입니다 (그림의 좌표로 적습니다)."))
    .optional(),
  sitePlan: sitePlanSchema
    .meta(m("단지배치도 자료", "단지배치도(1200 × 900)를 그리는 자료입니다."))
    .optional(),
});

export type Artwork = z.infer<typeof artworkSchema>;
export type LocationMap = z.infer<typeof locationMapSchema>;
export type SitePlan = z.infer<typeof sitePlanSchema>;
