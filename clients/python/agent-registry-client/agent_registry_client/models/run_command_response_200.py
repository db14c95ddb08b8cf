from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.run_command_response_200_action import RunCommandResponse200Action
from ..models.run_command_response_200_mode import RunCommandResponse200Mode

if TYPE_CHECKING:
    from ..models.run_command_response_200_result_type_0 import RunCommandResponse200ResultType0
    from ..models.run_command_response_200_result_type_1 import RunCommandResponse200ResultType1


T = TypeVar("T", bound="RunCommandResponse200")


@_attrs_define
class RunCommandResponse200:
    """
    Attributes:
        success (bool):
        action (RunCommandResponse200Action):
        mode (RunCommandResponse200Mode):
        request_id (None | str): As sent; null when none was
        result (RunCommandResponse200ResultType0 | RunCommandResponse200ResultType1):
    """

    success: bool
    action: RunCommandResponse200Action
    mode: RunCommandResponse200Mode
    request_id: None | str
    result: RunCommandResponse200ResultType0 | RunCommandResponse200ResultType1

    def to_dict(self) -> dict[str, Any]:
        from ..models.run_command_response_200_result_type_0 import RunCommandResponse200ResultType0  # noqa: PLC0415

        success = self.success

        action = self.action.value

        mode = self.mode.value

        request_id: None | str
        request_id = self.request_id

        result: dict[str, Any]
        if isinstance(self.result, RunCommandResponse200ResultType0):
            result = self.result.to_dict()
        else:
            result = self.result.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "success": success,
                "action": action,
                "mode": mode,
                "request_id": request_id,
                "result": result,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.run_command_response_200_result_type_0 import RunCommandResponse200ResultType0  # noqa: PLC0415
        from ..models.run_command_response_200_result_type_1 import RunCommandResponse200ResultType1  # noqa: PLC0415

        d = dict(src_dict)
        success = d.pop("success")

        action = RunCommandResponse200Action(d.pop("action"))

        mode = RunCommandResponse200Mode(d.pop("mode"))

        def _parse_request_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        request_id = _parse_request_id(d.pop("request_id"))

        def _parse_result(data: object) -> RunCommandResponse200ResultType0 | RunCommandResponse200ResultType1:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = RunCommandResponse200ResultType0.from_dict(data)

                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            result_type_1 = RunCommandResponse200ResultType1.from_dict(data)

            return result_type_1

        result = _parse_result(d.pop("result"))

        run_command_response_200 = cls(
            success=success,
            action=action,
            mode=mode,
            request_id=request_id,
            result=result,
        )

        return run_command_response_200
