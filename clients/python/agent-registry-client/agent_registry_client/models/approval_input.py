from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.approval_input_operation import ApprovalInputOperation
from ..models.approval_input_status import ApprovalInputStatus

if TYPE_CHECKING:
    from ..models.approval_input_amount import ApprovalInputAmount
    from ..models.approval_input_checkout import ApprovalInputCheckout


T = TypeVar("T", bound="ApprovalInput")


@_attrs_define
class ApprovalInput:
    """
    Attributes:
        approval_id (UUID):
        agent_id (UUID):
        status (ApprovalInputStatus):
        operation (ApprovalInputOperation):
        name (str):
        payment_method (str):
        amount (ApprovalInputAmount):
        requested_at (str):
        expires_at (str):
        decided_at (None | str):
        decided_by (None | UUID):
        checkout (ApprovalInputCheckout): Where the purchase behind it stands: the checkout run’s stage, or its outcome
            once it ended
        status_url (str):
        message (str): What happens next, for the agent
    """

    approval_id: UUID
    agent_id: UUID
    status: ApprovalInputStatus
    operation: ApprovalInputOperation
    name: str
    payment_method: str
    amount: ApprovalInputAmount
    requested_at: str
    expires_at: str
    decided_at: None | str
    decided_by: None | UUID
    checkout: ApprovalInputCheckout
    status_url: str
    message: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        approval_id = str(self.approval_id)

        agent_id = str(self.agent_id)

        status = self.status.value

        operation = self.operation.value

        name = self.name

        payment_method = self.payment_method

        amount = self.amount.to_dict()

        requested_at = self.requested_at

        expires_at = self.expires_at

        decided_at: None | str
        decided_at = self.decided_at

        decided_by: None | str
        if isinstance(self.decided_by, UUID):
            decided_by = str(self.decided_by)
        else:
            decided_by = self.decided_by

        checkout = self.checkout.to_dict()

        status_url = self.status_url

        message = self.message

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "approval_id": approval_id,
                "agent_id": agent_id,
                "status": status,
                "operation": operation,
                "name": name,
                "payment_method": payment_method,
                "amount": amount,
                "requested_at": requested_at,
                "expires_at": expires_at,
                "decided_at": decided_at,
                "decided_by": decided_by,
                "checkout": checkout,
                "status_url": status_url,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.approval_input_amount import ApprovalInputAmount  # noqa: PLC0415
        from ..models.approval_input_checkout import ApprovalInputCheckout  # noqa: PLC0415

        d = dict(src_dict)
        approval_id = UUID(d.pop("approval_id"))

        agent_id = UUID(d.pop("agent_id"))

        status = ApprovalInputStatus(d.pop("status"))

        operation = ApprovalInputOperation(d.pop("operation"))

        name = d.pop("name")

        payment_method = d.pop("payment_method")

        amount = ApprovalInputAmount.from_dict(d.pop("amount"))

        requested_at = d.pop("requested_at")

        expires_at = d.pop("expires_at")

        def _parse_decided_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        decided_at = _parse_decided_at(d.pop("decided_at"))

        def _parse_decided_by(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                decided_by_type_0 = UUID(data)

                return decided_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        decided_by = _parse_decided_by(d.pop("decided_by"))

        checkout = ApprovalInputCheckout.from_dict(d.pop("checkout"))

        status_url = d.pop("status_url")

        message = d.pop("message")

        approval_input = cls(
            approval_id=approval_id,
            agent_id=agent_id,
            status=status,
            operation=operation,
            name=name,
            payment_method=payment_method,
            amount=amount,
            requested_at=requested_at,
            expires_at=expires_at,
            decided_at=decided_at,
            decided_by=decided_by,
            checkout=checkout,
            status_url=status_url,
            message=message,
        )

        approval_input.additional_properties = d
        return approval_input

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
