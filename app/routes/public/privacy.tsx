import { PageShell } from "~/components/layout/page-shell";
import { formatKoreanLongDay } from "~/lib/korean-time";
import { phoneLink } from "~/lib/source-phone";
import { pageMeta } from "~/lib/seo";
import { useSite } from "~/lib/site";
import { configuredVendors, VENDORS } from "~/lib/tracking";

export { pageLoader as loader } from "./page-guard.server";
export const meta = pageMeta;

/**
 * The ad platforms' tools the complex uses (content `tracking`), as PIPA art. 30 asks the policy to
 * name them: what they collect, for what, how long, and how a visitor refuses them.
 */
function AdTools({ tools }: { tools: (typeof VENDORS)[keyof typeof VENDORS][] }) {
  return (
    <>
      <p>
        광고 성과를 측정하기 위해 아래 광고 분석 도구를 사용합니다. 도구는 방문한 페이지와 시각,
        상담 신청·방문 예약·전화 걸기 버튼을 누른 사실과 그 접수 번호(무작위로 만든 번호),
        브라우저와 기기 정보, 쿠키를 각 운영사에 보냅니다. 이름, 연락처, 문의 내용은 보내지
        않습니다. 보내진 정보는 각 운영사가 자사 개인정보처리방침에 정한 기간 동안 보관합니다.
      </p>
      <div className="privacy-table-wrap">
        <table className="privacy-table">
          <caption className="sr-only">사용하는 광고 분석 도구</caption>
          <thead>
            <tr>
              <th scope="col">도구 (운영사)</th>
              <th scope="col">거부 방법</th>
            </tr>
          </thead>
          <tbody>
            {tools.map((tool) => (
              <tr key={tool.tool}>
                <td>
                  {tool.tool}
                  <br />({tool.company})
                </td>
                <td>
                  {tool.refuse}
                  {tool.settings ? (
                    <>
                      {" "}
                      <a href={tool.settings}>{tool.settings.replace(/^https:\/\//, "")}</a>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul>
        <li>
          브라우저의 &lsquo;추적 안 함(Do Not Track)&rsquo; 또는 &lsquo;글로벌 개인정보 보호
          제어(GPC)&rsquo;를 켜면 이 사이트는 위 도구를 불러오지 않습니다.
        </li>
        <li>
          브라우저 설정에서 제3자 쿠키를 차단할 수 있습니다(예: 크롬 &gt; 설정 &gt; 개인정보 보호 및
          보안 &gt; 서드 파티 쿠키).
        </li>
        <li>
          휴대전화에서는 광고 식별자를 끌 수 있습니다(안드로이드: 설정 &gt; Google &gt; 광고,
          아이폰: 설정 &gt; 개인정보 보호 및 보안 &gt; 추적).
        </li>
      </ul>
    </>
  );
}

/** 개인정보처리방침, built from the complex's `privacy` (what the lead forms collect and why). */
export default function Privacy() {
  const site = useSite();
  const { privacy: p, contact, identity } = site;
  const tools = configuredVendors(site.tracking).map((v) => VENDORS[v]);
  const sections = [
    {
      title: "수집하는 개인정보 항목",
      body: (
        <ul>
          <li>필수: {p.items}</li>
          <li>선택: 문자(SMS) 분양정보 수신 동의 여부</li>
          <li>자동 수집: {p.autoCollected}</li>
        </ul>
      ),
    },
    {
      title: "수집·이용 목적",
      body: (
        <ul>
          <li>{p.purpose}</li>
          <li>수신에 동의하신 분께 분양 소식과 잔여세대 정보 문자(SMS) 발송</li>
          <li>{site.legal.smsNotice}</li>
        </ul>
      ),
    },
    {
      title: "보유 및 이용 기간",
      body: (
        <p>
          수집일로부터 {p.retentionDays.toLocaleString("ko-KR")}일 동안 보유하며, 기간이 지나거나
          목적을 달성하면 지체 없이 파기합니다. 다른 법령이 보존을 요구하는 경우에는 그 기간 동안
          보관합니다.
        </p>
      ),
    },
    {
      title: "파기 절차 및 방법",
      body: (
        <ul>
          {p.destruction.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ),
    },
    { title: "제3자 제공", body: <p>{p.thirdParty}</p> },
    {
      title: "개인정보 처리의 위탁",
      body: (
        <>
          <p>원활한 상담과 안내를 위해 다음과 같이 개인정보 처리 업무를 위탁합니다.</p>
          <div className="privacy-table-wrap">
            <table className="privacy-table">
              <caption className="sr-only">개인정보 처리 위탁 현황</caption>
              <thead>
                <tr>
                  <th scope="col">수탁자</th>
                  <th scope="col">위탁 업무</th>
                </tr>
              </thead>
              <tbody>
                {p.processors.map((row) => (
                  <tr key={row.name}>
                    <td>{row.name}</td>
                    <td>{row.task}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ),
    },
    ...(tools.length
      ? [{ title: "행태정보의 수집·이용 및 거부", body: <AdTools tools={tools} /> }]
      : []),
    {
      title: "동의를 거부할 권리",
      body: <p>{p.refusal}</p>,
    },
    {
      title: "정보주체의 권리와 행사 방법",
      body: (
        <>
          <ul>
            {p.rights.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="privacy-contact">
            삭제·열람 요청 및 문의: 대표번호 <a {...phoneLink(identity.phone)}>{identity.phone}</a>{" "}
            ({contact.hours})
            <br />
            문자 수신 거부: {p.optOutNumber}
          </p>
        </>
      ),
    },
    {
      title: "안전성 확보 조치",
      body: (
        <ul>
          {p.safeguards.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ),
    },
    {
      title: "개인정보 보호책임자",
      body: (
        <ul>
          <li>{p.controller}</li>
          <li>
            {identity.business.name} · 대표 {identity.business.representative} ·{" "}
            {identity.business.address}
          </li>
          <li>
            연락처 <a {...phoneLink(identity.phone)}>{identity.phone}</a>
          </li>
        </ul>
      ),
    },
  ];

  return (
    <PageShell>
      <article className="privacy" aria-labelledby="privacy-heading">
        <h2 id="privacy-heading" className="privacy-title">
          {identity.name} 개인정보처리방침
        </h2>
        <p className="privacy-intro">
          {identity.business.name}(이하 &lsquo;회사&rsquo;)는 분양 홈페이지에서 방문예약과 상담
          신청을 받으며 「개인정보 보호법」에 따라 정보주체의 개인정보를 보호하고 관련 고충을
          신속하게 처리하기 위하여 다음과 같이 개인정보처리방침을 수립·공개합니다.
        </p>
        <nav className="privacy-toc" aria-label="목차">
          <ol>
            {sections.map((s, i) => (
              <li key={s.title}>
                <a href={`#privacy-${i + 1}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((s, i) => (
          <section key={s.title} id={`privacy-${i + 1}`} className="privacy-section">
            <h3>
              {i + 1}. {s.title}
            </h3>
            {s.body}
          </section>
        ))}
        <footer className="privacy-meta">
          <p>시행일: {formatKoreanLongDay(p.effectiveDate)}</p>
          <p>동의서 버전: {p.consentVersion}</p>
        </footer>
      </article>
    </PageShell>
  );
}
