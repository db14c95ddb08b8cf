from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.set_mandate_body_allowed_operations_type_0_item import SetMandateBodyAllowedOperationsType0Item
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.set_mandate_body_approval_above import SetMandateBodyApprovalAbove
    from ..models.set_mandate_body_per_30_days import SetMandateBodyPer30Days
    from ..models.set_mandate_body_per_day import SetMandateBodyPerDay
    from ..models.set_mandate_body_per_operation import SetMandateBodyPerOperation


T = TypeVar("T", bound="SetMandateBody")


@_attrs_define
class SetMandateBody:
    """
    Attributes:
        per_operation (SetMandateBodyPerOperation | Unset): The most one registration, renewal, purchase or offer may
            cost
        per_day (SetMandateBodyPerDay | Unset): The most spent in any rolling 24 hours
        per_30_days (SetMandateBodyPer30Days | Unset): The most spent in any rolling 30 days
        approval_above (SetMandateBodyApprovalAbove | Unset): Above this a purchase needs your approval (it waits for
            your approval: docs/mandates.md "Approvals")
        allowed_operations (list[SetMandateBodyAllowedOperationsType0Item] | None | Unset): What the agent may pay for;
            absent or null: every operation
        allowed_namespaces (list[str] | None | Unset): Where the agent may pay (the namespace of the name, as the
            catalog spells it: `agent`); absent or null: every namespace. One that does not exist: 400 `unknown_namespace`
    """

    per_operation: SetMandateBodyPerOperation | Unset = UNSET
    per_day: SetMandateBodyPerDay | Unset = UNSET
    per_30_days: SetMandateBodyPer30Days | Unset = UNSET
    approval_above: SetMandateBodyApprovalAbove | Unset = UNSET
    allowed_operations: list[SetMandateBodyAllowedOperationsType0Item] | None | Unset = UNSET
    allowed_namespaces: list[str] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        per_operation: dict[str, Any] | Unset = UNSET
        if not isinstance(self.per_operation, Unset):
            per_operation = self.per_operation.to_dict()

        per_day: dict[str, Any] | Unset = UNSET
        if not isinstance(self.per_day, Unset):
            per_day = self.per_day.to_dict()

        per_30_days: dict[str, Any] | Unset = UNSET
        if not isinstance(self.per_30_days, Unset):
            per_30_days = self.per_30_days.to_dict()

        approval_above: dict[str, Any] | Unset = UNSET
        if not isinstance(self.approval_above, Unset):
            approval_above = self.approval_above.to_dict()

        allowed_operations: list[str] | None | Unset
        if isinstance(self.allowed_operations, Unset):
            allowed_operations = UNSET
        elif isinstance(self.allowed_operations, list):
            allowed_operations = []
            for allowed_operations_type_0_item_data in self.allowed_operations:
                allowed_operations_type_0_item = allowed_operations_type_0_item_data.value
                allowed_operations.append(allowed_operations_type_0_item)

        else:
            allowed_operations = self.allowed_operations

        allowed_namespaces: list[str] | None | Unset
        if isinstance(self.allowed_namespaces, Unset):
            allowed_namespaces = UNSET
        elif isinstance(self.allowed_namespaces, list):
            allowed_namespaces = self.allowed_namespaces

        else:
            allowed_namespaces = self.allowed_namespaces

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if per_operation is not UNSET:
            field_dict["per_operation"] = per_operation
        if per_day is not UNSET:
            field_dict["per_day"] = per_day
        if per_30_days is not UNSET:
            field_dict["per_30_days"] = per_30_days
        if approval_above is not UNSET:
            field_dict["approval_above"] = approval_above
        if allowed_operations is not UNSET:
            field_dict["allowed_operations"] = allowed_operations
        if allowed_namespaces is not UNSET:
            field_dict["allowed_namespaces"] = allowed_namespaces

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.set_mandate_body_approval_above import SetMandateBodyApprovalAbove  # noqa: PLC0415
        from ..models.set_mandate_body_per_30_days import SetMandateBodyPer30Days  # noqa: PLC0415
        from ..models.set_mandate_body_per_day import SetMandateBodyPerDay  # noqa: PLC0415
        from ..models.set_mandate_body_per_operation import SetMandateBodyPerOperation  # noqa: PLC0415

        d = dict(src_dict)
        _per_operation = d.pop("per_operation", UNSET)
        per_operation: SetMandateBodyPerOperation | Unset
        if isinstance(_per_operation, Unset):
            per_operation = UNSET
        else:
            per_operation = SetMandateBodyPerOperation.from_dict(_per_operation)

        _per_day = d.pop("per_day", UNSET)
        per_day: SetMandateBodyPerDay | Unset
        if isinstance(_per_day, Unset):
            per_day = UNSET
        else:
            per_day = SetMandateBodyPerDay.from_dict(_per_day)

        _per_30_days = d.pop("per_30_days", UNSET)
        per_30_days: SetMandateBodyPer30Days | Unset
        if isinstance(_per_30_days, Unset):
            per_30_days = UNSET
        else:
            per_30_days = SetMandateBodyPer30Days.from_dict(_per_30_days)

        _approval_above = d.pop("approval_above", UNSET)
        approval_above: SetMandateBodyApprovalAbove | Unset
        if isinstance(_approval_above, Unset):
            approval_above = UNSET
        else:
            approval_above = SetMandateBodyApprovalAbove.from_dict(_approval_above)

        def _parse_allowed_operations(data: object) -> list[SetMandateBodyAllowedOperationsType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                allowed_operations_type_0 = []
                _allowed_operations_type_0 = data
                for allowed_operations_type_0_item_data in _allowed_operations_type_0:
                    allowed_operations_type_0_item = SetMandateBodyAllowedOperationsType0Item(
                        allowed_operations_type_0_item_data
                    )

                    allowed_operations_type_0.append(allowed_operations_type_0_item)

                return allowed_operations_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[SetMandateBodyAllowedOperationsType0Item] | None | Unset, data)

        allowed_operations = _parse_allowed_operations(d.pop("allowed_operations", UNSET))

        def _parse_allowed_namespaces(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                allowed_namespaces_type_0 = cast(list[str], data)

                return allowed_namespaces_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        allowed_namespaces = _parse_allowed_namespaces(d.pop("allowed_namespaces", UNSET))

        set_mandate_body = cls(
            per_operation=per_operation,
            per_day=per_day,
            per_30_days=per_30_days,
            approval_above=approval_above,
            allowed_operations=allowed_operations,
            allowed_namespaces=allowed_namespaces,
        )

        return set_mandate_body
