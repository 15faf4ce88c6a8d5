-- CreateTable
CREATE TABLE "ServiceSecret" (
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ServiceSecret_pkey" PRIMARY KEY ("name")
);
