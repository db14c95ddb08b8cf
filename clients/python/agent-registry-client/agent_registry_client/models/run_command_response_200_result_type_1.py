from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.run_command_response_200_result_type_1_next_step import RunCommandResponse200ResultType1NextStep

if TYPE_CHECKING:
    from ..models.run_command_response_200_result_type_1_pricing import RunCommandResponse200ResultType1Pricing
    from ..models.run_command_response_200_result_type_1_resolved import RunCommandResponse200ResultType1Resolved


T = TypeVar("T", bound="RunCommandResponse200ResultType1")


@_attrs_define
class RunCommandResponse200ResultType1:
    """
    Attributes:
        summary (str):
        requires_confirmation (bool):
        requires_payment (bool):
        warnings (list[str]):
        resolved (RunCommandResponse200ResultType1Resolved):
        pricing (RunCommandResponse200ResultType1Pricing):
        next_step (RunCommandResponse200ResultType1NextStep):
    """

    summary: str
    requires_confirmation: bool
    requires_payment: bool
    warnings: list[str]
    resolved: RunCommandResponse200ResultType1Resolved
    pricing: RunCommandResponse200ResultType1Pricing
    next_step: RunCommandResponse200ResultType1NextStep

    def to_dict(self) -> dict[str, Any]:
        summary = self.summary

        requires_confirmation = self.requires_confirmation

        requires_payment = self.requires_payment

        warnings = self.warnings

        resolved = self.resolved.to_dict()

        pricing = self.pricing.to_dict()

        next_step = self.next_step.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "summary": summary,
                "requires_confirmation": requires_confirmation,
                "requires_payment": requires_payment,
                "warnings": warnings,
                "resolved": resolved,
                "pricing": pricing,
                "next_step": next_step,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.run_command_response_200_result_type_1_pricing import RunCommandResponse200ResultType1Pricing  # noqa: PLC0415
        from ..models.run_command_response_200_result_type_1_resolved import RunCommandResponse200ResultType1Resolved  # noqa: PLC0415

        d = dict(src_dict)
        summary = d.pop("summary")

        requires_confirmation = d.pop("requires_confirmation")

        requires_payment = d.pop("requires_payment")

        warnings = cast(list[str], d.pop("warnings"))

        resolved = RunCommandResponse200ResultType1Resolved.from_dict(d.pop("resolved"))

        pricing = RunCommandResponse200ResultType1Pricing.from_dict(d.pop("pricing"))

        next_step = RunCommandResponse200ResultType1NextStep(d.pop("next_step"))

        run_command_response_200_result_type_1 = cls(
            summary=summary,
            requires_confirmation=requires_confirmation,
            requires_payment=requires_payment,
            warnings=warnings,
            resolved=resolved,
            pricing=pricing,
            next_step=next_step,
        )

        return run_command_response_200_result_type_1
