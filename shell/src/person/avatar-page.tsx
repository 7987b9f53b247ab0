/** /person/avatar: avatar upload arrives with the file features; until then, say so. */
import { Result } from 'antd';

export function AvatarPage() {
  return <Result status="info" title="头像管理暂未开放" subTitle="头像上传将随文件与相册功能一起提供。" />;
}
