/** A read-only box showing the chosen record's text, with a button that opens its picker. */
import { Button, Input, Space } from 'antd';
import { CloseCircleFilled } from '@ant-design/icons';

export type ChosenTextInputProps = {
  id?: string;
  text: string;
  placeholder: string;
  disabled?: boolean;
  onOpen: () => void;
  /** Absent: no clear icon. */
  onClear?: () => void;
  buttonText?: string;
};

export function ChosenTextInput({ id, text, placeholder, disabled, onOpen, onClear, buttonText = '选择' }: ChosenTextInputProps) {
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        readOnly
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        onClick={() => !disabled && onOpen()}
        suffix={
          text && onClear && !disabled ? (
            <CloseCircleFilled
              aria-label="清除"
              style={{ color: 'rgba(0,0,0,0.25)', cursor: 'pointer' }}
              onClick={(event) => {
                event.stopPropagation();
                onClear();
              }}
            />
          ) : (
            <span />
          )
        }
      />
      <Button disabled={disabled} autoInsertSpace={false} onClick={onOpen}>
        {buttonText}
      </Button>
    </Space.Compact>
  );
}
