from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.run_command_response_200_result_type_0_data import RunCommandResponse200ResultType0Data
    from ..models.run_command_response_200_result_type_0_resolved import RunCommandResponse200ResultType0Resolved


T = TypeVar("T", bound="RunCommandResponse200ResultType0")


@_attrs_define
class RunCommandResponse200ResultType0:
    """
    Attributes:
        summary (str):
        requires_confirmation (bool):
        requires_payment (bool):
        warnings (list[str]):
        resolved (RunCommandResponse200ResultType0Resolved):
        data (RunCommandResponse200ResultType0Data):
        next_step (None):
    """

    summary: str
    requires_confirmation: bool
    requires_payment: bool
    warnings: list[str]
    resolved: RunCommandResponse200ResultType0Resolved
    data: RunCommandResponse200ResultType0Data
    next_step: None

    def to_dict(self) -> dict[str, Any]:
        summary = self.summary

        requires_confirmation = self.requires_confirmation

        requires_payment = self.requires_payment

        warnings = self.warnings

        resolved = self.resolved.to_dict()

        data = self.data.to_dict()

        next_step = self.next_step

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "summary": summary,
                "requires_confirmation": requires_confirmation,
                "requires_payment": requires_payment,
                "warnings": warnings,
                "resolved": resolved,
                "data": data,
                "next_step": next_step,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.run_command_response_200_result_type_0_data import RunCommandResponse200ResultType0Data  # noqa: PLC0415
        from ..models.run_command_response_200_result_type_0_resolved import RunCommandResponse200ResultType0Resolved  # noqa: PLC0415

        d = dict(src_dict)
        summary = d.pop("summary")

        requires_confirmation = d.pop("requires_confirmation")

        requires_payment = d.pop("requires_payment")

        warnings = cast(list[str], d.pop("warnings"))

        resolved = RunCommandResponse200ResultType0Resolved.from_dict(d.pop("resolved"))

        data = RunCommandResponse200ResultType0Data.from_dict(d.pop("data"))

        next_step = d.pop("next_step")

        run_command_response_200_result_type_0 = cls(
            summary=summary,
            requires_confirmation=requires_confirmation,
            requires_payment=requires_payment,
            warnings=warnings,
            resolved=resolved,
            data=data,
            next_step=next_step,
        )

        return run_command_response_200_result_type_0
