import { Link } from "react-router";
import type { Route } from "./+types/home";
import { countNewLeads } from "~/crm/lead-desk.server";
import { areasOn } from "~/auth/access.server";
import { adminHeaders, adminMeta } from "~/lib/admin-page";
import type { Area } from "~/lib/roles";
import { listAllPosts } from "~/press/posts.server";
import { consoleComplexes, requireConsoleFrame } from "~/console/console-site.server";
import { portfolio } from "~/console/portfolio.server";
import { PortfolioTable } from "~/components/admin/portfolio-table";

/**
 * /admin: the administrator's home, with the desks the account's role opens on the complex worked
 * on (`?site=<id>` or the host's: app/console/console-site.server.ts), each link keeping it. An
 * 에이전시 관리자's home shows first the portfolio of every complex (app/console/portfolio.ts):
 * counts only, each a link to its desk or 채널 성과.
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "관리자 홈");
export const headers = adminHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const { admin, current, query } = await requireConsoleFrame(request);
  const siteId = current.id;
  const areas = areasOn(admin, siteId);
  const [posts, newLeads, complexes] = await Promise.all([
    areas.includes("press") ? listAllPosts(siteId, { limit: 1 }).then((p) => p.total) : null,
    areas.includes("leads") ? countNewLeads(siteId) : null,
    admin.role === "agency" ? portfolio(consoleComplexes(admin), admin) : null,
  ]);
  return { areas, posts, newLeads, query, portfolio: complexes };
}

type Desk = { to: string; area: Area; title: string; text: string };

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { areas, posts, newLeads, query, portfolio } = loaderData;
  const desks: Desk[] = [
    {
      to: "/admin/press",
      area: "press",
      title: "보도자료 관리",
      text: `보도자료 ${posts ?? 0}건 · 쓰기, 수정, 삭제, 예약 게시`,
    },
    {
      to: "/admin/leads",
      area: "leads",
      title: "상담 접수 관리",
      text: `신규 고객 ${newLeads ?? 0}명 · 대기열, 통화 기록, 고객 카드, CSV 내려받기`,
    },
    {
      to: "/admin/channels",
      area: "channels",
      title: "채널 성과",
      text: "광고 경로(utm_source)별 유입, 전화 탭, 상담 접수, 방문 예약 · CSV 내려받기",
    },
    {
      to: "/admin/operations",
      area: "content",
      title: "운영 정보",
      text: "전화번호, 잔여 세대, 분양 일정, 공지, 방문 예약 인원 · 저장하면 몇 초 안에 반영",
    },
    {
      to: "/admin/content",
      area: "content",
      title: "콘텐츠 편집",
      text: "단지의 모든 페이지 내용과 사진 · 항목 검색, 목록 추가와 순서 바꾸기",
    },
    {
      to: "/admin/sites",
      area: "complexes",
      title: "단지 관리",
      text: "단지별 게시 상태와 기록 · 새 단지 만들기, 게시, 예약 게시, 되돌리기",
    },
    {
      to: "/admin/press/new",
      area: "press",
      title: "보도자료 쓰기",
      text: "사진, 예약 게시, 임시저장까지 관리 화면에서 씁니다",
    },
    {
      to: "/admin/accounts",
      area: "accounts",
      title: "계정 관리",
      text: "관리자 초대, 역할과 담당 단지, 사용 중지",
    },
  ];
  return (
    <>
      <h1 className="admin-title">관리자 홈</h1>
      {portfolio ? <PortfolioTable {...portfolio} /> : null}
      <ul className="admin-desks">
        {desks
          .filter((d) => areas.includes(d.area))
          .map((d) => (
            <li key={d.to}>
              <Link to={d.to + query} className="admin-desk">
                <span className="admin-desk-title">{d.title}</span>
                <span className="admin-desk-text">{d.text}</span>
              </Link>
            </li>
          ))}
      </ul>
    </>
  );
}
