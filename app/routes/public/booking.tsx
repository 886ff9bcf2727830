import { data, Form, Link } from "react-router";
import type { Route } from "./+types/booking";
import { cancelBooking, findBooking } from "~/bookings/bookings.server";
import { siteOf } from "~/sites/registry.server";
import { REGISTER_PATH } from "~/components/registration/registration-context";
import { ModelHouseFacts, ModelHouseMapLinks } from "~/components/visit/model-house-facts";
import { phoneLink } from "~/lib/source-phone";
import { documentTitle } from "~/lib/seo";
import { siteFrom, useSite } from "~/lib/site";
import { formatSlot } from "~/bookings/visit-slots";
import type { RouteHandle } from "~/lib/route-hydration";

/*
 * A visit booking's page, opened from the link in the visitor's SMS (/b/<token>). The token is the
 * only key: the page shows the booked time and the model house, and a cancel button (a plain POST,
 * so it works without JavaScript). Nothing else about the lead or any other lead is shown, and the
 * page is kept out of search engines, caches and other sites' Referer headers ("same-origin": with
 * "no-referrer" a browser sends the cancel form's POST with `Origin: null`, which the server's
 * same-origin check refuses; the page is not hydrated, so that POST is a native one).
 */

/** Its address is the booking's key: no ad tag may read it. */
export const handle: RouteHandle = { tracking: false };

const PRIVATE = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "same-origin",
};

export async function loader({ params, request }: Route.LoaderArgs) {
  const booking = await findBooking(siteOf(request), params.token);
  if (!booking) return data({ booking: null }, { status: 404, headers: PRIVATE });
  return data({ booking }, { headers: PRIVATE });
}

export async function action({ params, request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (form?.get("intent") !== "cancel")
    return data({ result: "invalid" as const }, { status: 400, headers: PRIVATE });
  const result = await cancelBooking(siteOf(request), params.token);
  return data(
    { result: result.status },
    { status: result.status === "not_found" ? 404 : 200, headers: PRIVATE },
  );
}

export function headers() {
  return PRIVATE;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: documentTitle(siteFrom(matches), "방문 예약 확인") },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "same-origin" },
];

const RESULT_TEXT: Record<string, string> = {
  cancelled: "방문 예약이 취소되었습니다. 다른 시간에 방문하시려면 다시 예약해 주세요.",
  already_cancelled: "이미 취소된 예약입니다.",
  past: "방문 시간이 지나 취소할 수 없습니다.",
  not_found: "예약을 찾을 수 없습니다.",
  invalid: "요청을 처리하지 못했습니다. 다시 시도해 주세요.",
};

export default function Booking({ loaderData, actionData }: Route.ComponentProps) {
  const { booking } = loaderData;
  const site = useSite();
  const { identity } = site;
  const phone = (
    <a {...phoneLink(identity.phone)} className="booking-phone">
      {identity.phone}
    </a>
  );

  if (!booking) {
    return (
      <div className="booking-screen">
        <section className="booking-page" aria-labelledby="booking-heading">
          <h1 id="booking-heading">예약을 찾을 수 없습니다</h1>
          <p className="booking-lead">
            문자로 받으신 링크가 맞는지 확인해 주세요. 예약 확인이 어려우시면 대표번호 {phone}로
            문의해 주세요.
          </p>
        </section>
      </div>
    );
  }

  // The action's answer may arrive a moment before the page data that follows it.
  const cancelled =
    Boolean(booking.cancelledAt) ||
    actionData?.result === "cancelled" ||
    actionData?.result === "already_cancelled";
  const status = cancelled ? "취소된 예약" : booking.past ? "방문 시간이 지난 예약" : "예약 확정";
  return (
    <div className="booking-screen">
      <section className="booking-page" aria-labelledby="booking-heading">
        <p className="booking-eyebrow">{site.identity.name}</p>
        <h1 id="booking-heading">방문 예약 확인</h1>
        {/* The page answered for the cancel form (a page load: this page is not hydrated) starts
            at the answer, not at the top: the cancel button is gone with the booking. */}
        <div role="status" className="booking-result" tabIndex={-1} autoFocus={Boolean(actionData)}>
          {actionData ? (
            <p
              className="lead-result"
              data-outcome={actionData.result === "cancelled" ? "success" : "failed"}
            >
              {RESULT_TEXT[actionData.result]}
            </p>
          ) : null}
        </div>
        <ModelHouseFacts
          className="booking-details"
          state={cancelled ? "cancelled" : undefined}
          hoursLabel="운영 시간"
          before={
            <>
              <div>
                <dt>예약 상태</dt>
                <dd className="booking-status">{status}</dd>
              </div>
              <div>
                <dt>방문 일시</dt>
                <dd className="booking-slot">{formatSlot(booking.slotKey)}</dd>
              </div>
            </>
          }
        />
        <ModelHouseMapLinks className="booking-maps" withVerb />
        {cancelled ? (
          <p className="booking-actions">
            <Link to={REGISTER_PATH} className="btn btn-primary">
              다시 예약하기
            </Link>
          </p>
        ) : booking.past ? null : (
          <Form method="post" className="booking-actions">
            <p className="booking-hint">
              방문이 어려우시면 예약을 취소해 주세요. 다른 분이 그 시간에 예약하실 수 있습니다.
            </p>
            <button
              type="submit"
              name="intent"
              value="cancel"
              className="btn btn-outline booking-cancel"
            >
              예약 취소하기
            </button>
          </Form>
        )}
        <p className="booking-contact">문의 {phone}</p>
      </section>
    </div>
  );
}
