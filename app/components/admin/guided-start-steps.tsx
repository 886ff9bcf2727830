import { useRef, useState } from "react";
import { Form, Link } from "react-router";
import { contrastRatio, MIN_CONTRAST, ratioText } from "~/lib/contrast";
import { firstInvalid, StepActions, StepField, StepMessage, type StepProps } from "./guided-start";

/*
 * Steps 2 to 4 of 새 단지's guided start (app/routes/admin/console/site.start.tsx; 5, 확인, is
 * guided-start-confirm.tsx): each a form that works posted plainly, which the script makes livelier
 * (the colour's contrast as it is chosen, the focal point by a click or the arrow keys on the
 * picture).
 */

const HEX = /^#[0-9a-f]{6}$/i;

/** 2. 색과 로고: 대표 색 (a picker and its hex), and a logo, else the drawn wordmark. */
export function ColorStep({
  errors,
  values,
  back,
  formRef,
  color,
}: StepProps & { color: { value: string; wordmark: string; logo: string | null } }) {
  const [hex, setHex] = useState(values.color ?? color.value);
  const valid = HEX.test(hex);
  const ratio = valid ? contrastRatio("#ffffff", hex) : null;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="gs-form"
      noValidate
      ref={formRef}
      aria-labelledby="gs-title"
    >
      <input type="hidden" name="was" value={values.color ?? color.value} />
      <div className="gs-field gs-wide">
        <label htmlFor="gs-color">대표 색 (#rrggbb)</label>
        <div className="gs-color">
          <input
            type="color"
            name="colorPick"
            aria-label="대표 색 고르기"
            value={valid ? hex.toLowerCase() : "#000000"}
            onChange={(e) => setHex(e.target.value)}
          />
          <input
            id="gs-color"
            name="color"
            value={hex}
            onChange={(e) => setHex(e.target.value.trim())}
            spellCheck={false}
            autoCapitalize="none"
            aria-invalid={errors.color ? true : undefined}
            aria-describedby={errors.color ? "gs-color-error" : "gs-color-hint"}
            autoFocus={errors.color ? true : undefined}
          />
          <span
            className="gs-swatch"
            style={{ background: valid ? hex : "transparent" }}
            aria-hidden
          >
            가
          </span>
        </div>
        <StepMessage id="gs-color-error" errors={errors} name="color" />
        {errors.color ? null : (
          <p id="gs-color-hint" className="gs-hint" aria-live="polite">
            흰 글씨와의 대비 {MIN_CONTRAST}:1 이상{ratio ? ` · 지금 ${ratioText(ratio)}` : ""}
            {ratio && ratio < MIN_CONTRAST ? " (부족)" : ""}
          </p>
        )}
      </div>
      <div className="gs-field gs-wide">
        <label htmlFor="gs-logo">로고 그림 (선택)</label>
        <input
          id="gs-logo"
          name="logo"
          type="file"
          accept="image/svg+xml,image/png,image/webp,image/jpeg"
          aria-invalid={errors.logo ? true : undefined}
          aria-describedby={errors.logo ? "gs-logo-error" : "gs-logo-hint"}
          autoFocus={!errors.color && errors.logo ? true : undefined}
        />
        <StepMessage id="gs-logo-error" errors={errors} name="logo" />
        <p id="gs-logo-hint" className="gs-hint">
          올리지 않으면 단지명과 브랜드로 만든 글자 로고를 씁니다.
        </p>
      </div>
      <figure className="gs-logo-preview gs-wide">
        <img
          src={color.logo ?? color.wordmark}
          alt={color.logo ? "올린 로고" : "단지명과 브랜드로 만든 글자 로고 미리보기"}
          width={180}
          height={40}
        />
        <figcaption>
          {color.logo ? "올린 로고" : "글자 로고 (대표 색 적용 후 다시 그립니다)"}
        </figcaption>
      </figure>
      {color.logo ? (
        <label className="gs-check gs-wide">
          <input type="checkbox" name="dropLogo" value="1" /> 올린 로고를 지우고 글자 로고 쓰기
        </label>
      ) : null}
      <StepActions back={back}>
        <button type="submit" name="go" value="preview" className="btn btn-outline">
          적용해 보기
        </button>
      </StepActions>
    </Form>
  );
}

/** The focal point on the picture: a click or tap puts it there, the arrow keys move it by 5 %. */
function FocusPicker({
  src,
  x,
  y,
  onMove,
}: {
  src: string;
  x: number;
  y: number;
  onMove: (x: number, y: number) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const clamp = (v: number) => Math.round(Math.min(100, Math.max(0, v)));
  return (
    <div
      ref={ref}
      className="gs-aim"
      role="slider"
      tabIndex={0}
      aria-label="초점 (사진을 누르거나 화살표 키로 옮깁니다)"
      aria-valuetext={`가로 ${x}%, 세로 ${y}%`}
      aria-valuenow={x}
      aria-valuemin={0}
      aria-valuemax={100}
      onClick={(e) => {
        const box = e.currentTarget.getBoundingClientRect();
        onMove(
          clamp(((e.clientX - box.left) / box.width) * 100),
          clamp(((e.clientY - box.top) / box.height) * 100),
        );
      }}
      onKeyDown={(e) => {
        const step = e.shiftKey ? 1 : 5;
        const moves: Record<string, [number, number]> = {
          ArrowLeft: [-step, 0],
          ArrowRight: [step, 0],
          ArrowUp: [0, -step],
          ArrowDown: [0, step],
        };
        const move = moves[e.key];
        if (!move) return;
        e.preventDefault();
        onMove(clamp(x + move[0]), clamp(y + move[1]));
      }}
    >
      <img src={src} alt="" />
      <span className="gs-aim-dot" style={{ left: `${x}%`, top: `${y}%` }} aria-hidden />
    </div>
  );
}

/** 3. 첫 화면 사진: one picture and a focal point make the wide and tall crops. */
export function PhotoStep({
  errors,
  values,
  back,
  formRef,
  photo,
  accept,
}: StepProps & {
  accept: string;
  photo: {
    own: boolean;
    alt: string;
    wide: string | null;
    tall: string | null;
    original: string;
    preview: string | null;
    x: number;
    y: number;
  };
}) {
  const [x, setX] = useState(Number(values.x ?? photo.x));
  const [y, setY] = useState(Number(values.y ?? photo.y));
  const [local, setLocal] = useState<string | null>(null);
  const aimAt = local ?? photo.preview;
  const focus = firstInvalid(errors, ["hero", "x", "y", "alt"]);
  const original = local ? "" : (values.original ?? photo.original);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="gs-form gs-photo"
      noValidate
      ref={formRef}
      aria-labelledby="gs-title"
    >
      <input type="hidden" name="original" value={original} />
      <div className="gs-field gs-wide">
        <label htmlFor="gs-hero">
          {photo.own ? "다른 사진 올리기" : "사진 한 장 (가로·세로로 잘라 씁니다)"}
        </label>
        <input
          id="gs-hero"
          name="hero"
          type="file"
          accept={accept}
          aria-invalid={errors.hero ? true : undefined}
          aria-describedby={errors.hero ? "gs-hero-error" : undefined}
          autoFocus={focus === "hero" || undefined}
          onChange={(e) => {
            const file = e.target.files?.[0];
            setLocal(file ? URL.createObjectURL(file) : null);
          }}
        />
        <StepMessage id="gs-hero-error" errors={errors} name="hero" />
      </div>
      {aimAt ? <FocusPicker src={aimAt} x={x} y={y} onMove={(a, b) => (setX(a), setY(b))} /> : null}
      <div className="gs-row gs-wide">
        {(
          [
            ["x", "초점 가로 %", x, setX],
            ["y", "초점 세로 %", y, setY],
          ] as const
        ).map(([name, label, value, set]) => (
          <StepField
            key={`${name}${value}`}
            name={name}
            label={label}
            errors={errors}
            value={String(value)}
            focus={focus}
            type="number"
            min={0}
            max={100}
            inputMode="numeric"
            onBlur={(e) => set(Number(e.currentTarget.value))}
          />
        ))}
      </div>
      <StepField
        name="alt"
        label="대체 텍스트 (사진 설명)"
        errors={errors}
        value={values.alt ?? photo.alt}
        focus={focus}
        className="gs-wide"
        placeholder="호수공원 너머로 본 단지 야경"
        maxLength={300}
      />
      <div className="gs-crops gs-wide" aria-label="첫 화면 사진">
        {photo.wide ? (
          <figure>
            <img src={photo.wide} alt="" className="is-wide" />
            <figcaption>{photo.own ? "넓은 화면" : "넓은 화면 (원본 단지 사진)"}</figcaption>
          </figure>
        ) : null}
        {photo.tall ? (
          <figure>
            <img src={photo.tall} alt="" className="is-tall" />
            <figcaption>{photo.own ? "휴대폰" : "휴대폰 (원본)"}</figcaption>
          </figure>
        ) : null}
      </div>
      <div className="gs-actions">
        <button type="submit" name="go" value="crop" className="btn btn-primary">
          {local || !original ? "올리고 자르기" : "이 초점으로 다시 자르기"}
        </button>
        <button type="submit" name="go" value="next" className="btn btn-outline">
          다음
        </button>
        <Link to={back} className="btn btn-outline">
          이전
        </Link>
      </div>
    </Form>
  );
}

/** 4. 주택형: each type's name, 전용면적 and 세대수, 삭제; one more added. */
export function UnitsStep({
  errors,
  values,
  back,
  formRef,
  units,
}: StepProps & {
  units: { key: string; label: string; exclusiveArea: string; households: string }[];
}) {
  const removed = new Set((values.remove ?? "").split(",").filter(Boolean));
  const order = [
    ...units.flatMap((u) => [`label-${u.key}`, `area-${u.key}`, `households-${u.key}`]),
    "new-label",
    "new-area",
    "new-households",
  ];
  const focus = firstInvalid(errors, order);
  const messages = order.filter((name) => errors[name]);
  const cell = (name: string, value: string, label: string, type?: string) => (
    <input
      id={`gs-${name}`}
      name={name}
      defaultValue={values[name] ?? value}
      aria-label={label}
      aria-invalid={errors[name] ? true : undefined}
      aria-describedby={errors[name] ? `gs-${name}-error` : undefined}
      autoFocus={focus === name || undefined}
      inputMode={type === "decimal" ? "decimal" : type === "numeric" ? "numeric" : undefined}
    />
  );
  return (
    <Form method="post" className="gs-form" noValidate ref={formRef} aria-labelledby="gs-title">
      <table className="gs-units gs-wide">
        <caption className="sr-only">주택형 목록</caption>
        <thead>
          <tr>
            <th scope="col">이름</th>
            <th scope="col">전용㎡</th>
            <th scope="col">세대</th>
            <th scope="col">삭제</th>
          </tr>
        </thead>
        <tbody>
          {units.map((u) => (
            <tr key={u.key}>
              <td>{cell(`label-${u.key}`, u.label, `주택형 ${u.label} 이름`)}</td>
              <td>
                {cell(`area-${u.key}`, u.exclusiveArea, `${u.label} 전용면적(㎡)`, "decimal")}
              </td>
              <td>{cell(`households-${u.key}`, u.households, `${u.label} 세대수`, "numeric")}</td>
              <td>
                <input
                  type="checkbox"
                  name="remove"
                  value={u.key}
                  defaultChecked={removed.has(u.key)}
                  aria-label={`${u.label} 삭제`}
                />
              </td>
            </tr>
          ))}
          <tr className="gs-units-new">
            <td>{cell("new-label", "", "추가할 주택형 이름")}</td>
            <td>{cell("new-area", "", "추가할 주택형 전용면적(㎡)", "decimal")}</td>
            <td>{cell("new-households", "", "추가할 주택형 세대수", "numeric")}</td>
            <td aria-hidden>추가</td>
          </tr>
        </tbody>
      </table>
      {messages.map((name) => (
        <p key={name} id={`gs-${name}-error`} className="field-error gs-wide">
          {errors[name]}
        </p>
      ))}
      <p className="gs-hint gs-wide">
        마지막 줄에 적으면 주택형이 추가됩니다. 평면도와 사진은 편집기에서 바꿉니다.
      </p>
      <StepActions back={back} />
    </Form>
  );
}
