from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.approval_operation import ApprovalOperation
from ..models.approval_status import ApprovalStatus

if TYPE_CHECKING:
    from ..models.approval_amount import ApprovalAmount
    from ..models.approval_checkout import ApprovalCheckout


T = TypeVar("T", bound="Approval")


@_attrs_define
class Approval:
    """
    Attributes:
        approval_id (UUID):
        agent_id (UUID):
        status (ApprovalStatus):
        operation (ApprovalOperation):
        name (str):
        payment_method (str):
        amount (ApprovalAmount):
        requested_at (str):
        expires_at (str):
        decided_at (None | str):
        decided_by (None | UUID):
        checkout (ApprovalCheckout): Where the purchase behind it stands: the checkout run’s stage, or its outcome once
            it ended
        status_url (str):
        message (str): What happens next, for the agent
    """

    approval_id: UUID
    agent_id: UUID
    status: ApprovalStatus
    operation: ApprovalOperation
    name: str
    payment_method: str
    amount: ApprovalAmount
    requested_at: str
    expires_at: str
    decided_at: None | str
    decided_by: None | UUID
    checkout: ApprovalCheckout
    status_url: str
    message: str

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
        from ..models.approval_amount import ApprovalAmount  # noqa: PLC0415
        from ..models.approval_checkout import ApprovalCheckout  # noqa: PLC0415

        d = dict(src_dict)
        approval_id = UUID(d.pop("approval_id"))

        agent_id = UUID(d.pop("agent_id"))

        status = ApprovalStatus(d.pop("status"))

        operation = ApprovalOperation(d.pop("operation"))

        name = d.pop("name")

        payment_method = d.pop("payment_method")

        amount = ApprovalAmount.from_dict(d.pop("amount"))

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

        checkout = ApprovalCheckout.from_dict(d.pop("checkout"))

        status_url = d.pop("status_url")

        message = d.pop("message")

        approval = cls(
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

        return approval
