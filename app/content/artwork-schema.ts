import { z } from "zod";

const text = z.string().trim().min(1);
const point = z.object({ x: z.number(), y: z.number() });
const box = point.extend({ width: z.number().positive(), height: z.number().positive() });

/**
 * The location map (입지 개략도) as a schematic drawing, in the coordinates of its image
 * (infoPages.locationPage.map): x to the east, y to the south.
 */
export const locationMapSchema = z.object({
  /** Minor streets: x of each north–south one, y of each east–west one. */
  streets: z.object({ x: z.array(z.number()), y: z.array(z.number()) }),
  /** A stream: its course (SVG path data), where its name goes, and trees along its banks. */
  stream: z
    .object({
      name: text,
      path: z.string(),
      label: point,
      /** Trees scattered either side of a line from (0, fromY) to (map width, toY). */
      trees: z.object({
        count: z.number().int().nonnegative(),
        fromY: z.number(),
        toY: z.number(),
      }),
    })
    .optional(),
  /** Named parks with trees (the label's place stays clear of them). */
  parks: z.array(box.extend({ name: text, label: point, trees: z.number().int().nonnegative() })),
  /** Smaller unnamed green areas. */
  greens: z.array(box),
  /** Hatched districts such as an academy street. */
  districts: z.array(box.extend({ name: text, label: point })),
  expressway: z
    .object({ name: text, path: z.string(), label: point.extend({ angle: z.number() }) })
    .optional(),
  /** Major roads, straight across the map; `labelAt` is where along the road its name goes. */
  roads: z.array(
    z.object({
      name: text,
      direction: z.enum(["east-west", "north-south"]),
      at: z.number(),
      width: z.number().positive(),
      labelAt: z.number(),
    }),
  ),
  /** A subway line across the map at `y`, its stations, and where it leads each way. */
  subway: z.object({
    name: text,
    color: z.string().regex(/^#[0-9a-f]{6}$/i),
    y: z.number(),
    stations: z.array(z.object({ x: z.number(), name: text })),
    west: text,
    east: text,
  }),
  /** Schools and facilities: a lettered pin coloured by kind, with the name under it. */
  places: z.array(
    point.extend({
      letter: text,
      name: text,
      kind: z.enum(["education", "shopping", "public", "medical"]),
    }),
  ),
  /** The site itself, with a callout naming the complex above it. */
  site: box,
});

/** An entrance on the site plan: its mark, which way its arrow points (degrees), its name's place. */
const entrance = point.extend({
  name: text,
  rotate: z.number(),
  label: point.extend({ anchor: z.enum(["start", "middle", "end"]).optional() }),
});

/**
 * The site plan (단지배치도, infoPages.sitePlan.image) as a drawing 1200 × 900: roads on four
 * sides, the site's grounds inside them. Buildings are those of infoPages.unitPositions.
 */
export const sitePlanSchema = z.object({
  /** Names of the roads around the site: the wide ones south and west, the narrow ones north and east. */
  roads: z.object({ south: text, west: text, north: text, east: text }),
  /** Where each building (by its unitPositions name) stands: the top-left corner of its footprint. */
  buildings: z.array(point.extend({ name: text })),
  /** Community buildings. */
  facilities: z.array(box.extend({ name: text })),
  playgrounds: z.array(point.extend({ r: z.number().positive() })),
  /** The central plaza (an ellipse) and the place of its name. */
  plaza: point.extend({ rx: z.number(), ry: z.number(), name: text, label: point }),
  /** A pool or water feature (an ellipse), named at its centre. */
  water: point.extend({ rx: z.number(), ry: z.number(), name: text }),
  /** The emergency road around the grounds (a rounded rectangle). */
  fireLane: box,
  /** Paved walks: SVG path data and width. */
  walks: z.array(z.object({ path: z.string(), width: z.number().positive() })),
  /** A walking trail (SVG path data) and the place of its name. */
  trail: z.object({ path: z.string(), name: text, label: point }),
  /** Entrances for people and cars. */
  gates: z.array(entrance),
  /** Entrances to the underground car park. */
  ramps: z.array(entrance),
  /** Areas kept free of trees besides buildings, facilities, playgrounds and the fire lane: x1, y1, x2, y2. */
  clear: z.array(z.tuple([z.number(), z.number(), z.number(), z.number()])),
});

/**
 * What the artwork generators (scripts/artwork/) need about a complex that the rest of its content
 * does not say. Optional in content: a complex without it gets no drawing that needs it.
 */
export const artworkSchema = z.object({
  /** The brand in Latin letters, set above the complex name on the social preview image. */
  wordmark: text.optional(),
  locationMap: locationMapSchema.optional(),
  sitePlan: sitePlanSchema.optional(),
});

export type Artwork = z.infer<typeof artworkSchema>;
export type LocationMap = z.infer<typeof locationMapSchema>;
export type SitePlan = z.infer<typeof sitePlanSchema>;
