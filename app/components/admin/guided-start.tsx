import { Fragment, type ReactNode, type Ref } from "react";
import { Link } from "react-router";
import { BASIC_FACTS, START_STEPS, type StartStep } from "~/console/guided-start";
import { adminTitle } from "~/lib/admin-page";
import { useFocusFirstInvalid } from "./focus-invalid";
import { FormMessage } from "./form-message";

/*
 * The frame of each step of 새 단지's guided start (app/console/guided-start.ts): the step's place
 * (2/5), its title, its form, and 이전 / 다음, with the parts every step's form shares (its props,
 * a field, a field's message). Each step fits one phone screen (390×844).
 */

export type StepErrors = Record<string, string>;

/** What every step's form gets from the route. */
export type StepProps = {
  siteId: string;
  errors: StepErrors;
  values: Record<string, string>;
  back: string;
  formRef: Ref<HTMLFormElement>;
};

/** A field's message, when it has one (the field's `aria-describedby` names `id`). */
export function StepMessage({
  id,
  errors,
  name,
}: {
  id: string;
  errors: StepErrors;
  name: string;
}) {
  return errors[name] ? (
    <p id={id} className="field-error">
      {errors[name]}
    </p>
  ) : null;
}

export function StartFrame({
  step,
  name,
  error,
  done,
  children,
}: {
  step: StartStep;
  /** The complex's name once made. */
  name?: string;
  /** A message for the whole form (another editor saved, an unknown request). */
  error?: string;
  /** A success line for this step (a picture cut, a preview drawn). */
  done?: string;
  children: ReactNode;
}) {
  const index = START_STEPS.findIndex((s) => s.key === step);
  const label = START_STEPS[index]!.label;
  return (
    <section className="gs" aria-labelledby="gs-title">
      <div className="gs-head">
        <h1 className="gs-title" id="gs-title">
          <span className="gs-count">
            {index + 1}/{START_STEPS.length}
            <span className="sr-only">단계</span>
          </span>{" "}
          {label}
        </h1>
        <p>새 단지{name ? ` · ${name}` : ""}</p>
      </div>
      <ol className="gs-steps" aria-label="단계">
        {START_STEPS.map((s, i) => (
          <li
            key={s.key}
            className={i < index ? "is-done" : i === index ? "is-current" : undefined}
            aria-current={i === index ? "step" : undefined}
          >
            <span className="sr-only">{s.label}</span>
          </li>
        ))}
      </ol>
      <FormMessage tone="error">{error}</FormMessage>
      <FormMessage tone="ok">{done}</FormMessage>
      {children}
    </section>
  );
}

/** 이전 (a link: nothing is saved) and 다음 (the form's first button, so Enter goes on). */
export function StepActions({
  back,
  next = "다음",
  children,
}: {
  back: string;
  next?: string;
  children?: ReactNode;
}) {
  return (
    <div className="gs-actions">
      <button type="submit" name="go" value="next" className="btn btn-primary">
        {next}
      </button>
      {children}
      <Link to={back} className="btn btn-outline">
        이전
      </Link>
    </div>
  );
}

/** Every step's title: 새 단지. */
export const startMeta = adminTitle("새 단지");

/**
 * A step's answer as its form shows it: the messages and the values as typed (none before a
 * send), and the form's ref that moves the focus to the first message.
 */
export function useStepAnswer(actionData: unknown) {
  const sent = (actionData ?? {}) as { errors?: StepErrors; values?: Record<string, string> };
  const ref = useFocusFirstInvalid(actionData);
  return { errors: sent.errors ?? {}, values: sent.values ?? {}, ref };
}

/** The name of the first field with a message, for its autofocus (also without the script). */
export const firstInvalid = (errors: StepErrors, order: string[]) =>
  order.find((name) => errors[name]);

/** A labelled text field of a step, its message at it (aria-invalid, aria-describedby). */
export function StepField({
  name,
  label,
  errors,
  value,
  hint,
  focus,
  className = "",
  ...input
}: {
  name: string;
  label: string;
  errors: StepErrors;
  value?: string;
  hint?: string;
  focus?: string;
  className?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "value">) {
  const id = `gs-${name}`;
  const error = errors[name];
  return (
    <div className={`gs-field ${className}`.trim()}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        autoFocus={focus === name || undefined}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="gs-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The fields in the order of the form (the first with a message gets the focus). */
const BASICS_ORDER = [
  "copyFrom",
  "name",
  "id",
  ...BASIC_FACTS.map((f) => f.name).slice(1),
  "hosts",
];

/** The field of 기본 정보 that gets the focus: the first with a message. */
export const basicsFocus = (errors: StepErrors) => firstInvalid(errors, BASICS_ORDER);

/** 단지명 and the facts of 단지 기본 정보 the first step asks (also for a complex already made). */
export function BasicsFields({
  errors,
  values,
  focus = basicsFocus(errors),
  afterName,
}: {
  errors: StepErrors;
  values: Record<string, string>;
  /** The field that gets the focus (by default the first of these with a message). */
  focus?: string;
  /** What comes after 단지명 (the new complex's id). */
  afterName?: ReactNode;
}) {
  return (
    <>
      {BASIC_FACTS.map((f) => (
        <Fragment key={f.name}>
          <StepField
            key={f.name}
            name={f.name}
            label={f.label}
            errors={errors}
            value={values[f.name]}
            focus={focus}
            placeholder={f.placeholder}
            required={f.name === "name"}
            className={f.name.toLowerCase().includes("address") ? "gs-wide" : ""}
            inputMode={f.name === "phone" ? "tel" : undefined}
          />
          {f.name === "name" ? afterName : null}
        </Fragment>
      ))}
    </>
  );
}
