/*
 * /admin/sites/new: 새 단지's first step, 기본 정보 (app/console/guided-start.ts). The complex to copy (or
 * a blank start), its name, id, brand, addresses, companies, phone and hosts; sent, the draft is
 * made at once (준비 중 until published) and the start goes on at /admin/sites/<id>/start/color.
 * For an 에이전시 관리자, as 단지 관리.
 */
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/sites.new";
import {
  BasicsFields,
  basicsFocus,
  StartFrame,
  startMeta,
  StepActions,
  StepField,
  type StepErrors,
  useStepAnswer,
} from "~/components/admin/guided-start";
import { refuseCrossSite } from "~/auth/guards.server";
import { adminHeaders } from "~/lib/admin-page";
import { startHref } from "~/console/guided-start";
import { requireForm } from "~/http/form.server";
import { createComplex } from "~/console/complexes.server";
import { basicFacts, newComplexAddress, requireAgencyAdmin } from "~/console/guided-start.server";
import { allSites } from "~/sites/registry.server";

export const meta = startMeta;
export const headers = adminHeaders;

/** An id the start's own addresses use (/admin/sites/new). */
const RESERVED_IDS = new Set(["new"]);

export async function loader({ request }: Route.LoaderArgs) {
  await requireAgencyAdmin(request);
  const from = new URL(request.url).searchParams.get("from");
  const sources = allSites()
    .map((s) => ({ id: s.id, name: s.identity.name }))
    .sort((a, b) => a.name.localeCompare(b.name, "ko"));
  return data({ sources, from }, { headers: adminHeaders() });
}

export async function action({ request }: Route.ActionArgs) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const admin = await requireAgencyAdmin(request);
  const form = await requireForm(request);
  const facts = basicFacts(form);
  const address = newComplexAddress(form);
  const values = { ...facts.values, ...address.values };
  const errors: StepErrors = { ...facts.errors };
  if (RESERVED_IDS.has(address.id))
    errors.id = "이 단지 ID는 쓸 수 없습니다. 다른 ID를 적어 주세요";
  if (!Object.keys(errors).length) {
    const made = await createComplex(
      {
        id: address.id,
        name: facts.values.name!,
        hosts: address.hosts,
        copyFrom: address.values.copyFrom,
        identity: facts.identity,
      },
      admin.email,
    );
    if (made.ok) return redirect(startHref(address.id, "color"));
    for (const p of made.problems) errors[p.path || "form"] ??= p.message;
  }
  return data({ errors, values }, { status: 400, headers: adminHeaders() });
}

export default function NewComplex({ loaderData, actionData }: Route.ComponentProps) {
  const { errors, values, ref } = useStepAnswer(actionData);
  const focus = basicsFocus(errors);
  const copyFrom = values.copyFrom ?? loaderData.from ?? loaderData.sources[0]?.id ?? "";
  /** The id and the hosts: addresses, typed as they are (no capital first letter, no spell check). */
  const asTyped = { errors, focus, autoCapitalize: "none", spellCheck: false } as const;
  return (
    <StartFrame step="basics" error={errors.form}>
      <Form method="post" className="gs-form" noValidate ref={ref} aria-labelledby="gs-title">
        <div className="gs-field gs-wide">
          <label htmlFor="gs-copyFrom">복사할 단지</label>
          <select
            id="gs-copyFrom"
            name="copyFrom"
            defaultValue={copyFrom}
            aria-invalid={errors.copyFrom ? true : undefined}
            aria-describedby={errors.copyFrom ? "gs-copyFrom-error" : "gs-copyFrom-hint"}
            autoFocus={focus === "copyFrom" || undefined}
          >
            {loaderData.sources.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
            <option value="">빈 단지로 시작</option>
          </select>
          {errors.copyFrom ? (
            <p id="gs-copyFrom-error" className="field-error">
              {errors.copyFrom}
            </p>
          ) : (
            <p id="gs-copyFrom-hint" className="gs-hint">
              구성과 문구를 복사합니다.
            </p>
          )}
        </div>
        <BasicsFields
          errors={errors}
          values={values}
          focus={focus}
          afterName={
            <StepField
              {...asTyped}
              name="id"
              label="단지 ID (영문 소문자, 숫자, -)"
              value={values.id}
              required
              pattern="[a-z][a-z0-9-]{1,30}"
              hint="<ID>.localhost 주소, 바꿀 수 없음"
            />
          }
        />
        <div className="gs-row gs-wide">
          <StepField
            {...asTyped}
            name="hosts"
            label="호스트 (여러 개는 쉼표로)"
            value={values.hosts}
            placeholder="dongtan-lake.co.kr"
          />
          <div className="gs-field">
            <label htmlFor="gs-scheme">주소 방식</label>
            <select id="gs-scheme" name="scheme" defaultValue={values.scheme ?? ""}>
              <option value="">자동</option>
              <option value="https">https://</option>
              <option value="http">http://</option>
            </select>
          </div>
        </div>
        <StepActions back="/admin/sites" next="만들고 다음" />
      </Form>
    </StartFrame>
  );
}
