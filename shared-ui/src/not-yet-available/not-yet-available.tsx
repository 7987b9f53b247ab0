/** The honest placeholder for pages a later build fills: says what the page is and that it is not there yet. */
import { Result } from 'antd';

export const NOT_YET_AVAILABLE_TEXT = { cn: '功能建设中，敬请期待', en: 'not yet available' } as const;

export type NotYetAvailableProps = {
  /** The route's title, shown as the result title. */
  title: string;
  lang?: keyof typeof NOT_YET_AVAILABLE_TEXT;
};

export function NotYetAvailable({ title, lang = 'cn' }: NotYetAvailableProps) {
  return <Result status="info" title={title} subTitle={NOT_YET_AVAILABLE_TEXT[lang]} />;
}
