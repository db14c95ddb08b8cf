from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.spend_mandate_allowed_operations_type_0_item import SpendMandateAllowedOperationsType0Item

if TYPE_CHECKING:
    from ..models.spend_mandate_approval_above import SpendMandateApprovalAbove
    from ..models.spend_mandate_per_30_days import SpendMandatePer30Days
    from ..models.spend_mandate_per_day import SpendMandatePerDay
    from ..models.spend_mandate_per_operation import SpendMandatePerOperation
    from ..models.spend_mandate_remaining import SpendMandateRemaining


T = TypeVar("T", bound="SpendMandate")


@_attrs_define
class SpendMandate:
    """
    Attributes:
        agent_id (str):
        per_operation (SpendMandatePerOperation):
        per_day (SpendMandatePerDay):
        per_30_days (SpendMandatePer30Days):
        approval_above (SpendMandateApprovalAbove):
        allowed_operations (list[SpendMandateAllowedOperationsType0Item] | None):
        allowed_namespaces (list[str] | None):
        updated_by (str): The person who last set it
        updated_at (str):
        remaining (SpendMandateRemaining): What is left of each rolling budget now (null in a unit the budget does not
            limit)
    """

    agent_id: str
    per_operation: SpendMandatePerOperation
    per_day: SpendMandatePerDay
    per_30_days: SpendMandatePer30Days
    approval_above: SpendMandateApprovalAbove
    allowed_operations: list[SpendMandateAllowedOperationsType0Item] | None
    allowed_namespaces: list[str] | None
    updated_by: str
    updated_at: str
    remaining: SpendMandateRemaining

    def to_dict(self) -> dict[str, Any]:
        agent_id = self.agent_id

        per_operation = self.per_operation.to_dict()

        per_day = self.per_day.to_dict()

        per_30_days = self.per_30_days.to_dict()

        approval_above = self.approval_above.to_dict()

        allowed_operations: list[str] | None
        if isinstance(self.allowed_operations, list):
            allowed_operations = []
            for allowed_operations_type_0_item_data in self.allowed_operations:
                allowed_operations_type_0_item = allowed_operations_type_0_item_data.value
                allowed_operations.append(allowed_operations_type_0_item)

        else:
            allowed_operations = self.allowed_operations

        allowed_namespaces: list[str] | None
        if isinstance(self.allowed_namespaces, list):
            allowed_namespaces = self.allowed_namespaces

        else:
            allowed_namespaces = self.allowed_namespaces

        updated_by = self.updated_by

        updated_at = self.updated_at

        remaining = self.remaining.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agent_id": agent_id,
                "per_operation": per_operation,
                "per_day": per_day,
                "per_30_days": per_30_days,
                "approval_above": approval_above,
                "allowed_operations": allowed_operations,
                "allowed_namespaces": allowed_namespaces,
                "updated_by": updated_by,
                "updated_at": updated_at,
                "remaining": remaining,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.spend_mandate_approval_above import SpendMandateApprovalAbove  # noqa: PLC0415
        from ..models.spend_mandate_per_30_days import SpendMandatePer30Days  # noqa: PLC0415
        from ..models.spend_mandate_per_day import SpendMandatePerDay  # noqa: PLC0415
        from ..models.spend_mandate_per_operation import SpendMandatePerOperation  # noqa: PLC0415
        from ..models.spend_mandate_remaining import SpendMandateRemaining  # noqa: PLC0415

        d = dict(src_dict)
        agent_id = d.pop("agent_id")

        per_operation = SpendMandatePerOperation.from_dict(d.pop("per_operation"))

        per_day = SpendMandatePerDay.from_dict(d.pop("per_day"))

        per_30_days = SpendMandatePer30Days.from_dict(d.pop("per_30_days"))

        approval_above = SpendMandateApprovalAbove.from_dict(d.pop("approval_above"))

        def _parse_allowed_operations(data: object) -> list[SpendMandateAllowedOperationsType0Item] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                allowed_operations_type_0 = []
                _allowed_operations_type_0 = data
                for allowed_operations_type_0_item_data in _allowed_operations_type_0:
                    allowed_operations_type_0_item = SpendMandateAllowedOperationsType0Item(
                        allowed_operations_type_0_item_data
                    )

                    allowed_operations_type_0.append(allowed_operations_type_0_item)

                return allowed_operations_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[SpendMandateAllowedOperationsType0Item] | None, data)

        allowed_operations = _parse_allowed_operations(d.pop("allowed_operations"))

        def _parse_allowed_namespaces(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                allowed_namespaces_type_0 = cast(list[str], data)

                return allowed_namespaces_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        allowed_namespaces = _parse_allowed_namespaces(d.pop("allowed_namespaces"))

        updated_by = d.pop("updated_by")

        updated_at = d.pop("updated_at")

        remaining = SpendMandateRemaining.from_dict(d.pop("remaining"))

        spend_mandate = cls(
            agent_id=agent_id,
            per_operation=per_operation,
            per_day=per_day,
            per_30_days=per_30_days,
            approval_above=approval_above,
            allowed_operations=allowed_operations,
            allowed_namespaces=allowed_namespaces,
            updated_by=updated_by,
            updated_at=updated_at,
            remaining=remaining,
        )

        return spend_mandate
