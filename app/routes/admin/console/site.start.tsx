/*
 * /admin/sites/<id>/start/<step>: 새 단지's guided start after its first step (app/console/guided-start.ts,
 * docs/decisions/046-guided-start.md): 기본 정보 again, 색과 로고, 첫 화면 사진 (one picture and a focal
 * point make both crops of the home hero), 주택형, 확인 (what was entered, and every field still
 * holding the copied complex's identity, each a link to the editor). Each step is a form posted
 * here and answered with the next step's address; a refusal comes back with every value as typed.
 * For an 에이전시 관리자, as 단지 관리.
 */
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/site.start";
import {
  BasicsFields,
  StartFrame,
  StepActions,
  startMeta,
  useStepAnswer,
  type StepErrors,
} from "~/components/admin/guided-start";
import { ColorStep, PhotoStep, UnitsStep } from "~/components/admin/guided-start-steps";
import { ConfirmStep } from "~/components/admin/guided-start-confirm";
import { refuseCrossSite } from "~/auth/guards.server";
import { adminHeaders, adminNotFound, orNotFound } from "~/lib/admin-page";
import { isStartStep, startHref, stepBeside, type StartStep } from "~/console/guided-start";
import { imageUrl } from "~/lib/images";
import { MEDIA_ACCEPT } from "~/lib/media-upload";
import { SITE_ID } from "~/lib/sites";
import { field, fileField, readForm } from "~/http/form.server";
import { wordmarkSvg } from "~/media/drawn.server";
import { heroCrops, previewUrl } from "~/media/hero-crop.server";
import { processUpload } from "~/media/upload.server";
import { picturePreviews } from "~/console/content-store.server";
import { wordmarkFacts } from "~/sites/drawn-pictures.server";
import * as start from "~/console/guided-start.server";

export const meta = startMeta;
export const headers = adminHeaders;

/** A step's complex: its draft, for an 에이전시 관리자 (a missing complex or step: 404). */
async function target(request: Request, siteId: string, step: string | undefined) {
  const admin = await start.requireAgencyAdmin(request);
  if (!isStartStep(step)) throw adminNotFound();
  return {
    admin,
    draft: orNotFound(SITE_ID.test(siteId) ? await start.stepDraft(siteId) : null),
    step,
  };
}

const text = (v: unknown) => (typeof v === "string" ? v : "");
type Doc = Record<string, unknown>;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { draft, step } = await target(request, params.siteId, params.step);
  const content = draft.content;
  const identity = (content.identity ?? {}) as Doc;
  const url = new URL(request.url);
  const base = {
    siteId: params.siteId,
    step,
    name: text(identity.name),
    done: url.searchParams.get("done"),
    /** 한꺼번에 바꾸기's answer: how many fields, and what became what. */
    replaced:
      url.searchParams.get("done") === "replaced"
        ? {
            n: Number(url.searchParams.get("n")) || 0,
            from: url.searchParams.get("from") ?? "",
            to: url.searchParams.get("to") ?? "",
          }
        : null,
  };
  if (step === "basics") {
    const values = Object.fromEntries(
      ["name", "brand", "phone", "developer", "builder", "address", "modelHouseAddress"].map(
        (k) => [k, text(identity[k])],
      ),
    );
    return data({ ...base, basics: values }, { headers: adminHeaders() });
  }
  if (step === "color") {
    const facts = wordmarkFacts(content);
    const logo = identity.logo as { src: string; width: number; alt: string } | undefined;
    return data(
      {
        ...base,
        color: {
          value: text(identity.color),
          wordmark: `data:image/svg+xml;base64,${Buffer.from(wordmarkSvg(facts)).toString("base64")}`,
          logo: logo ? imageUrl(logo) : null,
        },
      },
      { headers: adminHeaders() },
    );
  }
  if (step === "photo") {
    const hero = ((content.home as Doc | undefined)?.hero ?? {}) as Doc;
    const wide = (hero.wide ?? {}) as Doc;
    const own = /^media\//.test(text(wide.src));
    const previews = picturePreviews(params.siteId, content);
    const original = url.searchParams.get("original") ?? "";
    const percent = (name: string) => {
      const n = Number(url.searchParams.get(name));
      return Number.isFinite(n) && url.searchParams.has(name) ? Math.min(100, Math.max(0, n)) : 50;
    };
    return data(
      {
        ...base,
        photo: {
          own,
          alt: own ? text(wide.alt) : "",
          wide: previews["home.hero.wide"] ?? null,
          tall: previews["home.hero.tall"] ?? null,
          original: previewUrl(original) ? original : "",
          preview: previewUrl(original),
          x: percent("x"),
          y: percent("y"),
        },
      },
      { headers: adminHeaders() },
    );
  }
  if (step === "units") {
    return data({ ...base, units: start.unitRows(content) }, { headers: adminHeaders() });
  }
  return data(
    { ...base, summary: await start.startSummary(params.siteId, content) },
    { headers: adminHeaders() },
  );
}

/** Hero and logo uploads: a 20 MB picture and the form (server/body-limit.js caps the path). */
const STEP_BODY_MAX = 21 * 1024 * 1024;

export async function action({ request, params }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const { admin, draft, step } = await target(request, params.siteId, params.step);
  const siteId = params.siteId;
  const read = await readForm(request, STEP_BODY_MAX);
  if (!read.ok) {
    return data(
      {
        errors: { form: "보낸 내용을 읽지 못했습니다. 사진은 20MB 이하로 다시 올려 주세요." },
        values: {},
      },
      { status: 400, headers: adminHeaders() },
    );
  }
  const form = read.form;
  const content = draft.content;
  const next = stepBeside(step, 1) ?? "confirm";
  const refuse = (errors: StepErrors, values: Record<string, string>) =>
    data({ errors, values }, { status: 400, headers: adminHeaders() });
  const save = async (values: Record<string, string>, to: string) => {
    const problem = await start.saveStep(siteId, content, draft.revision, admin.email);
    return problem ? refuse({ form: problem }, values) : redirect(to);
  };

  if (step === "basics") {
    const facts = start.basicFacts(form);
    if (Object.keys(facts.errors).length) return refuse(facts.errors, facts.values);
    start.applyBasics(content, facts.values.name!, facts.identity);
    return save(facts.values, startHref(siteId, next));
  }

  if (step === "color") {
    const color = start.colorOf(form, content);
    const values = { color: color.value };
    if (color.error) return refuse({ color: color.error }, values);
    const identity = content.identity as Doc;
    identity.color = color.value;
    const logo = fileField(form, "logo");
    if (logo && logo.size) {
      const stored = await processUpload(Buffer.from(await logo.arrayBuffer()), {
        alt: "{단지명} 로고",
      });
      if (!stored.ok) return refuse({ logo: stored.message }, values);
      identity.logo = stored.image;
    } else if (field(form, "dropLogo")) delete identity.logo;
    const stay = field(form, "go") === "preview";
    return save(
      values,
      stay ? `${startHref(siteId, "color")}?done=preview` : startHref(siteId, next),
    );
  }

  if (step === "photo") {
    const alt = field(form, "alt").trim();
    const x = Number(field(form, "x"));
    const y = Number(field(form, "y"));
    const values = {
      alt,
      x: field(form, "x"),
      y: field(form, "y"),
      original: field(form, "original"),
    };
    const errors: StepErrors = {};
    if (!(x >= 0 && x <= 100)) errors.x = "가로 위치를 0에서 100 사이로 적어 주세요";
    if (!(y >= 0 && y <= 100)) errors.y = "세로 위치를 0에서 100 사이로 적어 주세요";
    const file = fileField(form, "hero");
    const recrop = field(form, "go") === "crop" && values.original;
    const hero = ((content.home as Doc).hero ?? {}) as Doc;
    if (!file?.size && !recrop) {
      if (field(form, "go") === "crop")
        return refuse({ hero: "올릴 사진 파일을 골라 주세요." }, values);
      // 다음 without a new picture: an uploaded hero keeps its crops, its alt text as typed.
      if (/^media\//.test(text((hero.wide as Doc | undefined)?.src))) {
        if (!alt) return refuse({ alt: "첫 화면 사진의 대체 텍스트를 입력해 주세요." }, values);
        (hero.wide as Doc).alt = alt;
        (hero.tall as Doc).alt = alt;
      }
      return save(values, startHref(siteId, next));
    }
    if (!alt)
      errors.alt =
        "새 사진의 대체 텍스트를 입력해 주세요. 사진에 보이는 것을 한 문장으로 적습니다 (예: 호수공원 너머로 본 단지 야경).";
    if (Object.keys(errors).length) return refuse(errors, values);
    const made = await heroCrops(
      file?.size ? { bytes: Buffer.from(await file.arrayBuffer()) } : { original: values.original },
      { x, y },
      alt,
    );
    if (!made.ok) return refuse({ [made.field === "alt" ? "alt" : "hero"]: made.message }, values);
    hero.wide = made.wide;
    hero.tall = made.tall;
    const stay = field(form, "go") !== "next";
    const back = `${startHref(siteId, "photo")}?${new URLSearchParams({ original: made.original, x: String(x), y: String(y), done: "photo" })}`;
    return save(values, stay ? back : startHref(siteId, next));
  }

  if (step === "units") {
    const applied = start.applyUnits(content, form);
    if (Object.keys(applied.errors).length) return refuse(applied.errors, applied.values);
    return save(applied.values, startHref(siteId, next));
  }

  // 확인's 한꺼번에 바꾸기: one of the source's strings, in every field still holding it.
  if (field(form, "intent") === "replace") {
    const from = field(form, "from");
    const to = field(form, "to");
    const done = await start.replaceLeftoverTerm(siteId, draft, from, to, admin.email);
    if (!done.ok) return refuse({ [`to-${from}`]: done.message }, { [`to-${from}`]: to });
    const query = new URLSearchParams({ done: "replaced", n: String(done.changed), from, to });
    return redirect(`${startHref(siteId, "confirm")}?${query}`);
  }
  return redirect(startHref(siteId, "confirm"));
}

export default function StartStepPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const { errors, values, ref } = useStepAnswer(actionData);
  const back = startHref(d.siteId, stepBeside(d.step as StartStep, -1) ?? "basics");
  const step = d.step as StartStep;
  const common = { siteId: d.siteId, errors, values, back, formRef: ref };
  let body: React.ReactNode = null;
  if ("basics" in d) {
    const shown = { ...d.basics, ...values };
    body = (
      <Form method="post" className="gs-form" noValidate ref={ref} aria-labelledby="gs-title">
        <BasicsFields errors={errors} values={shown} />
        <StepActions back="/admin/sites" />
      </Form>
    );
  } else if ("color" in d) body = <ColorStep {...common} color={d.color} />;
  else if ("photo" in d) body = <PhotoStep {...common} photo={d.photo} accept={MEDIA_ACCEPT} />;
  else if ("units" in d) body = <UnitsStep {...common} units={d.units} />;
  else if ("summary" in d)
    body = <ConfirmStep {...common} summary={d.summary} replaced={!!d.replaced} />;
  const DONE: Record<string, string> = {
    photo: "사진을 넓은 화면용과 휴대폰용으로 잘랐습니다.",
    preview: "대표 색을 적용했습니다.",
  };
  return (
    <StartFrame
      step={step}
      name={d.name}
      error={errors.form}
      done={
        d.replaced
          ? `‘${d.replaced.from}’을(를) ‘${d.replaced.to}’(으)로 ${d.replaced.n}곳 바꿨습니다. 바뀐 문장이 맞는지 편집기에서 확인해 주세요.`
          : d.done
            ? DONE[d.done]
            : undefined
      }
    >
      {body}
    </StartFrame>
  );
}
