/** dayjs configured once with the zh-cn locale; every formatter imports dayjs from here. */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

dayjs.locale('zh-cn');

export { dayjs };
export type DateInput = string | number | Date | dayjs.Dayjs;
