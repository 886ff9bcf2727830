import { Link } from "react-router";
import type { Route } from "./+types/admin.home";
import { countNewLeads } from "~/admin/lead-desk.server";
import { requireAdmin } from "~/auth/guards.server";
import { adminHeaders, adminMeta } from "~/lib/admin-page";
import { siteFrom } from "~/lib/site";
import { ALL_SITES } from "~/lib/sites";
import { listAllPosts } from "~/press/posts.server";
import { requestSiteId } from "~/sites/request-site.server";

/** /admin: the administrator's home, with the two desks. */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(siteFrom(matches), "관리자 홈");
export const headers = adminHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const siteId = requestSiteId(request);
  const admin = await requireAdmin(request, siteId);
  const [posts, newLeads] = await Promise.all([
    listAllPosts(siteId, { limit: 1 }),
    countNewLeads(siteId),
  ]);
  return { posts: posts.total, newLeads, everyComplex: admin.sites === ALL_SITES };
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="admin-title">관리자 홈</h1>
      <ul className="admin-desks">
        {loaderData.everyComplex ? (
          <li>
            <Link to="/admin/sites" className="admin-desk">
              <span className="admin-desk-title">단지 관리</span>
              <span className="admin-desk-text">
                단지별 게시 상태와 기록 · 새 단지 만들기, 게시, 예약 게시, 되돌리기
              </span>
            </Link>
          </li>
        ) : null}
        <li>
          <Link to="/admin/press" className="admin-desk">
            <span className="admin-desk-title">보도자료 관리</span>
            <span className="admin-desk-text">
              보도자료 {loaderData.posts}건 · 쓰기, 수정, 삭제, 예약 게시
            </span>
          </Link>
        </li>
        <li>
          <Link to="/admin/leads" className="admin-desk">
            <span className="admin-desk-title">상담 접수 관리</span>
            <span className="admin-desk-text">
              신규 {loaderData.newLeads}건 · 상태와 메모, 검색, CSV 내려받기
            </span>
          </Link>
        </li>
        <li>
          <Link to="/admin/channels" className="admin-desk">
            <span className="admin-desk-title">채널 성과</span>
            <span className="admin-desk-text">
              광고 경로(utm_source)별 유입, 전화 탭, 상담 접수, 방문 예약 · CSV 내려받기
            </span>
          </Link>
        </li>
        <li>
          <Link to="/admin/operations" className="admin-desk">
            <span className="admin-desk-title">운영 정보</span>
            <span className="admin-desk-text">
              전화번호, 잔여 세대, 분양 일정, 공지, 방문 예약 인원 · 저장하면 몇 초 안에 반영
            </span>
          </Link>
        </li>
        <li>
          <Link to="/admin/press/new" className="admin-desk">
            <span className="admin-desk-title">보도자료 쓰기</span>
            <span className="admin-desk-text">
              사진, 예약 게시, 임시저장까지 관리 화면에서 씁니다
            </span>
          </Link>
        </li>
      </ul>
    </>
  );
}
